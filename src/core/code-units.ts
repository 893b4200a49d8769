/**
 * A string's UTF-16 code unit at an index, for loops that read text a character at a time.
 *
 * `text.charCodeAt(i)` in a function that sees strings of many kinds (flat or concatenated,
 * slices, one or two bytes a character: the pages' texts are all of them) leaves V8's property
 * look-up for `charCodeAt` megamorphic, and optimised code then looks the method up and calls it
 * on every character. Called through a constant, as here, the optimising compiler reads the code
 * unit in place for any string: the tokenizer's loop over a page's mixed texts ran twice as fast.
 */
const charCodeAt = String.prototype.charCodeAt;

/** `text.charCodeAt(i)`: NaN outside the string. */
export function codeUnitAt(text: string, i: number): number {
  return charCodeAt.call(text, i);
}

const startsWith = String.prototype.startsWith;

/** `text.startsWith(part, at)`, called as `codeUnitAt` is, for the same reason. */
export function holdsAt(text: string, part: string, at: number): boolean {
  return startsWith.call(text, part, at);
}
