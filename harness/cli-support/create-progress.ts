import cliProgress from 'cli-progress';

/** A progress reporter: a bar on a terminal, a plain line per step (throttled) in CI logs. */
export interface Progress {
  update(label: string, done: number, total: number, detail?: string): void;
  stop(): void;
}

/** Creates a progress reporter for `interactive` terminals or plain logs. */
export function createProgress(interactive: boolean, write: (text: string) => void): Progress {
  if (interactive) {
    const bar = new cliProgress.SingleBar(
      { format: '{label} [{bar}] {value}/{total} {detail}', hideCursor: true, clearOnComplete: true, stream: process.stderr },
      cliProgress.Presets.shades_classic,
    );
    let started = false;
    let currentLabel = '';
    return {
      update(label, done, total, detail = '') {
        if (!started || label !== currentLabel) {
          if (started) bar.stop();
          bar.start(total, done, { label, detail });
          started = true;
          currentLabel = label;
        } else bar.update(done, { label, detail });
      },
      stop() {
        if (started) bar.stop();
      },
    };
  }
  let lastLabel = '';
  let lastPercent = -1;
  return {
    update(label, done, total, detail) {
      const percent = total === 0 ? 100 : Math.floor((done / total) * 100);
      const newPhase = label !== lastLabel;
      // One line at each quarter of a phase keeps CI logs readable.
      if (!newPhase && done !== total && percent - lastPercent < 25) return;
      if (!newPhase && percent === lastPercent) return;
      lastLabel = label;
      lastPercent = percent;
      write(`${label}: ${done}/${total}${detail ? ` ${detail}` : ''}`);
    },
    stop() {
      lastLabel = '';
      lastPercent = -1;
    },
  };
}
