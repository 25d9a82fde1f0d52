/**
 * Levenshtein distance with swaps of neighbouring letters (`licnesing`/`licensing` is 1), stopping
 * early: once every path exceeds `limit`, returns `limit + 1`.
 */
export function editDistance(left: string, right: string, limit: number): number {
  const columns = right.length + 1;
  let before: number[] = [];
  let previous: number[] = Array.from({ length: columns }, (_, column) => column);
  for (let row = 1; row <= left.length; row += 1) {
    const current: number[] = [row];
    let rowMinimum = row;
    for (let column = 1; column < columns; column += 1) {
      const cost = left[row - 1] === right[column - 1] ? 0 : 1;
      let value = Math.min(previous[column]! + 1, current[column - 1]! + 1, previous[column - 1]! + cost);
      if (row > 1 && column > 1 && left[row - 1] === right[column - 2] && left[row - 2] === right[column - 1]) value = Math.min(value, before[column - 2]! + 1);
      current.push(value);
      rowMinimum = Math.min(rowMinimum, value);
    }
    if (rowMinimum > limit) return limit + 1;
    before = previous;
    previous = current;
  }
  return previous[columns - 1]!;
}
