/** The shape of a phrase file: the Vietnamese source fixes the keys every other language must fill. */
export type Phrases<T> = { [K in keyof T]: T[K] extends string ? string : Phrases<T[K]> };
