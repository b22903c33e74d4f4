// Keeps text printable with the PDF standard fonts (WinAnsiEncoding): Spanish letters stay, the rest is replaced.

/** Unicode code points of WinAnsi's 0x80-0x9F block. */
const WIN_ANSI_EXTRA = [
  0x20ac, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0x017d, 0x2018, 0x2019, 0x201c, 0x201d,
  0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0x017e, 0x0178,
];
const EXTRA = new Set(WIN_ANSI_EXTRA);

/** True when Helvetica/Times/Courier (WinAnsi) can draw the code point. */
export function isWinAnsi(cp: number): boolean {
  return (cp >= 0x20 && cp <= 0x7e) || (cp >= 0xa0 && cp <= 0xff) || EXTRA.has(cp);
}

const REPLACEMENTS: Record<string, string> = {
  '\t': ' ',
  '\u00ad': '',
  '\u200b': '',
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2212': '-',
  '\u2015': '—',
  '\u2032': "'",
  '\u2033': '"',
  '\u2264': '<=',
  '\u2265': '>=',
  '\u2190': '<-',
  '\u2192': '->',
  '\u00a0': ' ',
  // Letters without a Unicode decomposition.
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  ı: 'i',
  Ħ: 'H',
  ħ: 'h',
};

const PLAIN = /^[\x20-\x7e]*$/;
const PLAIN_LINES = /^[\x20-\x7e\n]*$/;

/**
 * Text that WinAnsi can encode (one line: line breaks become spaces unless keepNewlines).
 * á é í ó ú ñ Ñ ü ¿ ¡ ° º ª € are kept; other letters lose their accents (ő → o); anything else becomes '?'.
 */
export function toWinAnsi(text: string, keepNewlines = false): string {
  // Most text is plain ASCII, already WinAnsi: no per-character work (reports call this for every cell).
  if ((keepNewlines ? PLAIN_LINES : PLAIN).test(text)) return text;
  let out = '';
  for (const ch of text.normalize('NFC')) {
    const cp = ch.codePointAt(0) ?? 0x3f;
    if (ch === '\n' || ch === '\r') {
      out += keepNewlines ? (ch === '\n' ? '\n' : '') : ' ';
      continue;
    }
    if (ch in REPLACEMENTS) {
      out += REPLACEMENTS[ch];
      continue;
    }
    if (isWinAnsi(cp)) {
      out += ch;
      continue;
    }
    const base = ch.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
    out += base !== '' && [...base].every((c) => isWinAnsi(c.codePointAt(0) ?? 0)) ? base : '?';
  }
  return out;
}
