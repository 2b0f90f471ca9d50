// The built-in PDF fonts draw only Windows-1252 characters (Latin-1 and a few more).
const WIN_ANSI_EXTRAS = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
// Letters that Unicode does not decompose into a base letter and an accent.
const BASE_LETTERS: Record<string, string> = {
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  Ħ: 'H',
  ħ: 'h',
  ı: 'i',
};
const isWinAnsi = (char: string) => {
  const code = char.codePointAt(0) ?? 0;
  return (
    (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRAS.has(char)
  );
};

/** Text the built-in fonts can draw: a letter they lack loses its accent, or becomes "?". */
export function printable(value: string): string {
  return [...value.normalize('NFC').replace(/\s+/g, ' ').trim()]
    .map((char) => {
      if (isWinAnsi(char)) return char;
      if (BASE_LETTERS[char]) return BASE_LETTERS[char];
      const base = char.normalize('NFKD').replace(/\p{M}/gu, '');
      return base && [...base].every(isWinAnsi) ? base : '?';
    })
    .join('');
}
