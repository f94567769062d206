/**
 * A pure function of a text, remembered per text. Seller lines repeat (rule sellers say a
 * limited set of them), so hot-path readings are worth keeping; results must be immutable and
 * depend on the text alone, so memoising cannot change any result. Everything is forgotten at
 * once when `limit` texts are held, which keeps memory flat when an LLM says something new
 * every turn.
 */
export function memoByText<T>(limit: number, read: (text: string) => T): (text: string) => T {
  const memo = new Map<string, T>();
  return (text) => {
    let found = memo.get(text);
    if (found === undefined) {
      if (memo.size >= limit) memo.clear();
      found = read(text);
      memo.set(text, found);
    }
    return found;
  };
}
