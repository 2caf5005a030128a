import type { Language } from './language.ts';

/**
 * A part of a sentence that is written in the sentence's own language, whichever that turns out to
 * be: a word of the dictionary put into another text (`word('download.ios')`), a date
 * (`inLanguage((l) => formatDate(d, l))`). fr is partial and falls back to pt a whole sentence at a
 * time (src/i18n.ts), so a part is rendered only once the sentence's language is known, and a word
 * missing in that language sends the whole sentence to pt: never a French sentence with a
 * Portuguese word, nor the other way round.
 */
export interface SentencePart {
  /** The text in `language`, or undefined when the language has no text for it. */
  readonly sentencePart: (language: Language, lookup: (key: string) => string | undefined) => string | undefined;
}

/** The first of `keys` the sentence's language has (a word put into another text). */
export const word = (...keys: string[]): SentencePart => ({
  sentencePart: (_language, lookup) => keys.map(lookup).find((text) => text !== undefined),
});

/** A value written as the sentence's language writes it (a date, a time). */
export const inLanguage = (render: (language: Language) => string): SentencePart => ({
  sentencePart: (language) => render(language),
});
