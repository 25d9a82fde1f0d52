#!/usr/bin/env bash
# Captures the README's screenshots: the terminal output of `harness query`, `harness run` and
# `harness compare` in a 100-column tmux pane, and the run's report.html, each rendered to PNG by
# headless Chromium. Needs tmux and chromium (Debian: apt-get install -y tmux chromium) and an
# ingested sample source (npx harness ingest --source sample).
# Usage: .github/assets/capture-screenshots.sh   (from the repository root)
set -euo pipefail

assets="$(cd "$(dirname "$0")" && pwd)"
work="$(mktemp -d)"
trap 'tmux kill-session -t clausegate-shots 2>/dev/null || true; rm -rf "$work"' EXIT

chromium_shot() { # html png width height
  chromium --headless=new --no-sandbox --disable-gpu --hide-scrollbars \
    --window-size="$3,$4" --screenshot="$2" "file://$1" >/dev/null 2>&1
}

# Runs one command in a fresh 100-column pane and keeps what the pane shows when it ends.
capture_terminal() { # name command...
  local name="$1"; shift
  tmux kill-session -t clausegate-shots 2>/dev/null || true
  tmux new-session -d -s clausegate-shots -x 100 -y 60 -c "$PWD"
  tmux send-keys -t clausegate-shots "clear; $* ; tmux wait-for -S shot-done" Enter
  tmux wait-for shot-done
  sleep 0.5 # the shell prints its prompt after the signal
  # Keep what the command printed: drop the shell's prompt lines (user@host:dir$) and trailing blank rows.
  tmux capture-pane -t clausegate-shots -p -S - -E - | grep -v -E '^[^ ]+@[^ ]+:[^ ]*[#$] *$' | sed -e :a -e '/^\n*$/{$d;N;ba' -e '}' > "$work/$name.txt"
  local lines; lines=$(wc -l < "$work/$name.txt")
  {
    printf '<!doctype html><meta charset="utf-8"><style>'
    printf 'body{margin:0;background:#1e1e1e}pre{margin:0;padding:14px 16px;color:#e6e6e6;'
    printf 'font:14px/1.35 "DejaVu Sans Mono",monospace;white-space:pre}</style><pre>'
    sed -e 's/&/\&amp;/g' -e 's/</\&lt;/g' -e 's/>/\&gt;/g' "$work/$name.txt"
    printf '</pre>'
  } > "$work/$name.html"
  chromium_shot "$work/$name.html" "$assets/$name.png" 920 $((lines * 19 + 30))
  echo "wrote $assets/$name.png ($lines lines)"
}

capture_terminal terminal-query 'npx harness query --source sample "What is the monthly fee for a non-professional display device?"'
rm -rf reports/screenshot-run
capture_terminal terminal-run 'npx harness run --suite sample --perturb --run-id screenshot-run'
capture_terminal terminal-compare 'npx harness compare reports/baseline/sample.json reports/screenshot-run'

chromium_shot "$PWD/reports/screenshot-run/report.html" "$assets/report-html.png" 1280 1400
echo "wrote $assets/report-html.png"
