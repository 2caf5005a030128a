/**
 * What a call answers once the transport has done its part: the data, or the refusal with its code
 * (a message in the caller's language, and the detail some refusals carry: tries left, minutes to
 * wait). The charts read answers in this shape whichever transport brought them.
 */
export type Outcome<T> = { ok: true; data: T } | { ok: false; code: string; message: string; detail: string };
