// Compile-time checks that a wire schema and the engine type it mirrors describe the same data. The
// engine stays free of zod, so the schemas are written by hand; these checks make any drift between the
// two a type error instead of a surprise on the wire.

/** `true` when A and B are assignable to each other (no field missing, extra or typed differently). */
export type Agree<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/** Compiles only for `true`: `type _X = Assert<Agree<z.infer<typeof X>, EngineX>>`. */
export type Assert<T extends true> = T;
