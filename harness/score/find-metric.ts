import type { RunMetrics, RateMetric } from './compute-metrics.ts';
import type { MetricName, MetricPopulation } from './metric-names.ts';

/** The rate metric `name` over `population`, or `undefined` when the run did not compute it. */
export function findMetric(metrics: RunMetrics, name: MetricName, population: MetricPopulation): RateMetric | undefined {
  return metrics.rates.find((metric) => metric.name === name && metric.population === population);
}
