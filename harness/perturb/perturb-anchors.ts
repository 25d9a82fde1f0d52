/**
 * The perturbation generator's own anchors: exchanges, products and benchmarks, parties it finds in
 * a question and swaps (`apply-distractor-flip.ts`), with whether the CME corpus names them. The
 * generator shares nothing with the pipeline: the pipeline reads a source's anchors from its
 * configuration (`.clausegate.json`), so a distractor flip tests that configuration and the
 * pipeline's general absent-name check, not this list against itself.
 *
 * Grounding: whole-word counts over `pdftotext` of the 34 PDFs of `../shared/corpus/cme`
 * (2025–2026 documents). Exchanges: CME (1,153; CME Group 159; Chicago Mercantile Exchange 9),
 * GME (28), NYMEX (21), CBOT (19), COMEX (17), DME (5), Dubai Mercantile Exchange (3), Gulf
 * Mercantile Exchange (3); no exchange outside CME Group occurs (Nasdaq, NYSE, ICE, Eurex, LSE,
 * Cboe, SGX, HKEX, Japan Exchange… all 0). Products and benchmarks: CME Term SOFR (350), SOFR
 * (361, nearly all in Term SOFR), RFR / RepoFunds Rate (127 / 32), CVOL (59), Soybean Oilshare
 * Index (18), Petroleum Index (14), Rolling Futures Index (11), E-mini (10), Event Contract(s) (9),
 * Globex (6), DataMine (5), Cross Currency Basis Index (5), Livestock Commodity Index (4), BrokerTec
 * (3), EBS (3), LIBOR (3), CME CF Cryptocurrency Indices (2), the Lean Hog, Feeder Cattle, Boxed
 * Beef and Pork Cutout indices, Option Volatility Greeks and FedWatch (1 each); Bitcoin, Ether,
 * BTIC, S&P 500, Nasdaq-100, Dow Jones, VIX, WTI, Brent: 0. Parties: International Monetary Fund
 * (8, the annual fee increase), CME Group Benchmark Administration (2), SEC (2), FCA (1), FDIC (1);
 * no data vendor (Bloomberg, Refinitiv, LSEG, FactSet…) occurs. `inCorpus` records this per entry.
 */

/** A named thing a question can point at: an exchange, a product or benchmark, or a party. */
export interface KnownAnchor {
  /** The usual name. */
  name: string;
  /** Other spellings of the same thing: abbreviations, full names, former names. */
  aliases: readonly string[];
  /**
   * Spellings (of `name` or `aliases`) that match a question only in exactly this letter case,
   * because in lower case they are ordinary words (`ICE`, `SEC`, `Fidelity`). Default none.
   */
  exactCase?: readonly string[];
  /** True when the CME corpus mentions it. */
  inCorpus: boolean;
}

/**
 * Exchanges. CME Group's own (CME, CBOT, NYMEX, COMEX, GME) are in the corpus; DME is an alias of
 * GME because the September 2025 notice says every reference to the Dubai Mercantile Exchange (DME)
 * now means the Gulf Mercantile Exchange (GME). The rest are exchanges a user may ask about that
 * the corpus does not cover, so that the coverage check refuses them.
 */
export const KNOWN_EXCHANGES: readonly KnownAnchor[] = [
  { name: 'CME', aliases: ['CME Group', 'Chicago Mercantile Exchange'], inCorpus: true },
  { name: 'CBOT', aliases: ['Chicago Board of Trade', 'Board of Trade of the City of Chicago'], inCorpus: true },
  { name: 'NYMEX', aliases: ['New York Mercantile Exchange'], inCorpus: true },
  // Not `Commodity Exchange` alone: the corpus names the Commodity Exchange Act.
  { name: 'COMEX', aliases: ['Commodity Exchange, Inc.', 'Commodity Exchange Inc'], inCorpus: true },
  { name: 'GME', aliases: ['Gulf Mercantile Exchange', 'DME', 'Dubai Mercantile Exchange'], inCorpus: true },
  { name: 'Nasdaq', aliases: ['Nasdaq Stock Market', 'Nasdaq Nordic'], inCorpus: false },
  { name: 'NYSE', aliases: ['New York Stock Exchange', 'NYSE Arca', 'NYSE American'], inCorpus: false },
  { name: 'ICE', aliases: ['Intercontinental Exchange', 'ICE Futures', 'ICE Futures Europe', 'ICE Futures U.S.'], exactCase: ['ICE'], inCorpus: false },
  { name: 'Eurex', aliases: [], inCorpus: false },
  { name: 'Deutsche Börse', aliases: ['Deutsche Boerse', 'Deutsche Borse'], inCorpus: false },
  { name: 'Euronext', aliases: [], inCorpus: false },
  { name: 'LSE', aliases: ['London Stock Exchange'], inCorpus: false },
  { name: 'LME', aliases: ['London Metal Exchange'], inCorpus: false },
  { name: 'Cboe', aliases: ['Chicago Board Options Exchange', 'Cboe Global Markets', 'Cboe Futures Exchange', 'CFE'], exactCase: ['CFE'], inCorpus: false },
  { name: 'MIAX', aliases: ['Miami International Securities Exchange'], inCorpus: false },
  { name: 'IEX', aliases: ['Investors Exchange'], exactCase: ['IEX', 'Investors Exchange'], inCorpus: false },
  { name: 'MGEX', aliases: ['Minneapolis Grain Exchange'], inCorpus: false },
  { name: 'TMX', aliases: ['TSX', 'Toronto Stock Exchange', 'Montreal Exchange'], inCorpus: false },
  { name: 'B3', aliases: ['Brasil Bolsa Balcão', 'Brasil Bolsa Balcao'], exactCase: ['B3'], inCorpus: false },
  { name: 'SGX', aliases: ['Singapore Exchange'], inCorpus: false },
  { name: 'HKEX', aliases: ['Hong Kong Exchanges and Clearing', 'Hong Kong Exchanges', 'Hong Kong Stock Exchange', 'HKFE'], inCorpus: false },
  { name: 'Japan Exchange Group', aliases: ['Japan Exchange', 'JPX', 'Tokyo Stock Exchange', 'TSE', 'Osaka Exchange', 'OSE'], exactCase: ['TSE', 'OSE'], inCorpus: false },
  { name: 'ASX', aliases: ['Australian Securities Exchange'], inCorpus: false },
  { name: 'KRX', aliases: ['Korea Exchange'], inCorpus: false },
  { name: 'NSE', aliases: ['National Stock Exchange of India'], exactCase: ['NSE'], inCorpus: false },
  { name: 'BSE', aliases: ['Bombay Stock Exchange'], exactCase: ['BSE'], inCorpus: false },
  { name: 'SIX Swiss Exchange', aliases: ['SIX Exchange'], inCorpus: false },
  { name: 'Shanghai Futures Exchange', aliases: ['SHFE'], inCorpus: false },
  { name: 'Shanghai Stock Exchange', aliases: ['SSE'], exactCase: ['SSE'], inCorpus: false },
  { name: 'Shenzhen Stock Exchange', aliases: ['SZSE'], inCorpus: false },
  { name: 'Dalian Commodity Exchange', aliases: ['DCE'], exactCase: ['DCE'], inCorpus: false },
  { name: 'Zhengzhou Commodity Exchange', aliases: ['ZCE', 'CZCE'], inCorpus: false },
  { name: 'Bursa Malaysia', aliases: ['Bursa Malaysia Derivatives', 'BMD'], exactCase: ['BMD'], inCorpus: false },
];

/**
 * Products, benchmarks, indices and platforms. The CME Group ones come from the fee lists and the
 * Schedule 7 appendices; the others are well-known products the corpus does not price or license
 * (so a question about them must be refused). Names that contain `CME` are listed whole, so that
 * `CME Term SOFR` is one product term rather than an exchange and a product.
 */
export const KNOWN_PRODUCTS: readonly KnownAnchor[] = [
  { name: 'Term SOFR', aliases: ['CME Term SOFR', 'Term SOFR Reference Rate', 'CME Term SOFR Reference Rates'], inCorpus: true },
  { name: 'SOFR', aliases: ['Secured Overnight Financing Rate'], inCorpus: true },
  { name: 'CVOL', aliases: ['CME Group Volatility Index', 'CME Group Volatility Indexes', 'CME Group Volatility Indices', 'CVOL Index'], inCorpus: true },
  { name: 'BrokerTec', aliases: ['BrokerTec US Treasury Benchmarks'], inCorpus: true },
  { name: 'EBS', aliases: ['EBS FX Benchmarks', 'EBS CNH Benchmark'], inCorpus: true },
  { name: 'RepoFunds Rate', aliases: ['RepoFunds', 'RFR'], inCorpus: true },
  { name: 'Petroleum Index', aliases: ['CME Group Petroleum Index'], inCorpus: true },
  { name: 'Soybean Oilshare Index', aliases: ['CME Soybean Oilshare Index', 'Soybean Oilshare'], inCorpus: true },
  { name: 'CME CF Cryptocurrency Indices', aliases: ['CME CF Crypto Indices', 'CME CF Cryptocurrency Index', 'CME CF Reference Rates'], inCorpus: true },
  { name: 'Cross Currency Basis Index', aliases: ['Cross Currency Basis Indices'], inCorpus: true },
  { name: 'Rolling Futures Index', aliases: ['CME Group Rolling Futures Index', 'CME Group Rolling Futures Indices', 'Rolling Futures Indices'], inCorpus: true },
  { name: 'Lean Hog Index', aliases: ['CME Lean Hog Index'], inCorpus: true },
  { name: 'Feeder Cattle Index', aliases: ['CME Feeder Cattle Index'], inCorpus: true },
  { name: 'Boxed Beef Index', aliases: ['CME Boxed Beef Index'], inCorpus: true },
  { name: 'Pork Cutout Index', aliases: ['CME Pork Cutout Index'], inCorpus: true },
  { name: 'Livestock Commodity Index', aliases: ['CME Livestock Commodity Index'], inCorpus: true },
  { name: 'Option Volatility Greeks', aliases: ['CME Option Volatility Greeks'], inCorpus: true },
  { name: 'FedWatch', aliases: ['CME FedWatch', 'FedWatch Intraday', 'CME FedWatch Intraday'], inCorpus: true },
  { name: 'DataMine', aliases: ['CME DataMine'], inCorpus: true },
  { name: 'Globex', aliases: ['CME Globex'], inCorpus: true },
  { name: 'E-mini', aliases: ['E mini', 'Emini'], inCorpus: true },
  { name: 'Event Contracts', aliases: ['Event Contract', 'Event Contract Information'], inCorpus: true },
  { name: 'LIBOR', aliases: ['London Interbank Offered Rate'], inCorpus: true },
  { name: 'BTIC', aliases: ['Basis Trade at Index Close'], inCorpus: false },
  { name: 'Bitcoin', aliases: ['BTC'], inCorpus: false },
  { name: 'Ether', aliases: ['Ethereum', 'ETH'], exactCase: ['Ether', 'ETH'], inCorpus: false },
  { name: 'S&P 500', aliases: ['S&P500', 'SPX'], inCorpus: false },
  { name: 'Nasdaq-100', aliases: ['Nasdaq 100', 'NDX'], inCorpus: false },
  { name: 'Dow Jones Industrial Average', aliases: ['Dow Jones', 'DJIA'], inCorpus: false },
  { name: 'Russell 2000', aliases: [], inCorpus: false },
  { name: 'Nikkei 225', aliases: ['Nikkei'], inCorpus: false },
  { name: 'FTSE 100', aliases: ['FTSE'], inCorpus: false },
  { name: 'MSCI', aliases: [], inCorpus: false },
  { name: 'VIX', aliases: ['Cboe Volatility Index'], inCorpus: false },
  { name: 'SONIA', aliases: ['Sterling Overnight Index Average'], exactCase: ['SONIA'], inCorpus: false },
  { name: '€STR', aliases: ['ESTR', 'Euro Short-Term Rate'], inCorpus: false },
  { name: 'TONA', aliases: ['Tokyo Overnight Average Rate'], exactCase: ['TONA'], inCorpus: false },
  { name: 'SARON', aliases: ['Swiss Average Rate Overnight'], exactCase: ['SARON'], inCorpus: false },
  { name: 'BSBY', aliases: ['Bloomberg Short-Term Bank Yield Index'], inCorpus: false },
  { name: 'Eurodollar', aliases: ['Eurodollars'], inCorpus: false },
  { name: 'WTI', aliases: ['West Texas Intermediate'], inCorpus: false },
  { name: 'Brent', aliases: ['Brent Crude'], exactCase: ['Brent'], inCorpus: false },
  { name: 'Henry Hub', aliases: [], inCorpus: false },
];

/**
 * Parties: named companies and public bodies. The corpus names the International Monetary Fund,
 * CME Group Benchmark Administration (CBA), the FDIC, the SEC and the FCA; the data vendors,
 * brokers, banks and technology companies are not in it.
 */
export const KNOWN_PARTIES: readonly KnownAnchor[] = [
  { name: 'International Monetary Fund', aliases: ['IMF'], inCorpus: true },
  { name: 'CME Group Benchmark Administration', aliases: ['CME Group Benchmark Administration Ltd', 'CBA'], exactCase: ['CBA'], inCorpus: true },
  { name: 'FDIC', aliases: ['Federal Deposit Insurance Corporation'], inCorpus: true },
  { name: 'Bloomberg', aliases: ['Bloomberg L.P.', 'Bloomberg LP'], inCorpus: false },
  { name: 'Refinitiv', aliases: [], inCorpus: false },
  { name: 'LSEG', aliases: ['London Stock Exchange Group'], inCorpus: false },
  { name: 'FactSet', aliases: [], inCorpus: false },
  { name: 'Thomson Reuters', aliases: ['Reuters'], inCorpus: false },
  { name: 'S&P Global', aliases: ['S&P Dow Jones Indices', 'S&P DJI', 'S&P'], inCorpus: false },
  { name: 'Morningstar', aliases: [], inCorpus: false },
  { name: 'ICE Data Services', aliases: ['Interactive Data'], exactCase: ['Interactive Data'], inCorpus: false },
  { name: 'Barchart', aliases: [], inCorpus: false },
  { name: 'CQG', aliases: [], inCorpus: false },
  { name: 'Trading Technologies', aliases: [], exactCase: ['Trading Technologies'], inCorpus: false },
  { name: 'Interactive Brokers', aliases: [], inCorpus: false },
  { name: 'Charles Schwab', aliases: ['Schwab'], inCorpus: false },
  { name: 'TD Ameritrade', aliases: [], inCorpus: false },
  { name: 'E*TRADE', aliases: ['ETRADE', 'E-Trade'], inCorpus: false },
  { name: 'Robinhood', aliases: [], inCorpus: false },
  { name: 'Fidelity', aliases: ['Fidelity Investments'], exactCase: ['Fidelity'], inCorpus: false },
  { name: 'Goldman Sachs', aliases: [], inCorpus: false },
  { name: 'JPMorgan', aliases: ['J.P. Morgan', 'JP Morgan', 'JPMorgan Chase'], inCorpus: false },
  { name: 'Morgan Stanley', aliases: [], inCorpus: false },
  { name: 'Citadel', aliases: ['Citadel Securities'], exactCase: ['Citadel'], inCorpus: false },
  { name: 'Jane Street', aliases: [], inCorpus: false },
  { name: 'Coinbase', aliases: [], inCorpus: false },
  { name: 'CF Benchmarks', aliases: [], inCorpus: false },
  { name: 'Google', aliases: ['Google Cloud'], inCorpus: false },
  { name: 'Microsoft', aliases: ['Microsoft Azure'], inCorpus: false },
  { name: 'Amazon Web Services', aliases: ['AWS', 'Amazon'], inCorpus: false },
  { name: 'OpenAI', aliases: [], inCorpus: false },
  { name: 'Tradeweb', aliases: [], inCorpus: false },
  { name: 'MarketAxess', aliases: [], inCorpus: false },
  { name: 'OPRA', aliases: ['Options Price Reporting Authority'], inCorpus: false },
  { name: 'SEC', aliases: ['Securities and Exchange Commission'], exactCase: ['SEC'], inCorpus: true },
  { name: 'CFTC', aliases: ['Commodity Futures Trading Commission'], inCorpus: false },
  { name: 'FCA', aliases: ['Financial Conduct Authority'], exactCase: ['FCA'], inCorpus: true },
  { name: 'ESMA', aliases: ['European Securities and Markets Authority'], inCorpus: false },
];
