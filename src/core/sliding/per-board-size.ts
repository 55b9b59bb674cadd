// What a board size needs (neighbour lists, region masks), made once per size and kept: callers
// ask for it at every lookup, and it depends on nothing but the size.

/** `make`, called once per board size (rows × cols, up to 63 columns); later calls return the same value. */
export function perBoardSize<T>(make: (rows: number, cols: number) => T): (rows: number, cols: number) => T {
  const made = new Map<number, T>();
  return (rows, cols) => {
    const key = rows * 64 + cols;
    let value = made.get(key);
    if (value === undefined) {
      value = make(rows, cols);
      made.set(key, value);
    }
    return value;
  };
}
