/** `%text%` for ILIKE, with the pattern's own wildcards escaped so a search for "50%" means that text. */
export function containsPattern(text: string): string {
  return `%${text.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
