// Types for the part of the untyped npm `jstat` package that paired-difference.ts uses. The package is
// CommonJS (`module.exports = jStat`), so it is imported as a default export.
declare module 'jstat' {
  interface JStat {
    studentt: {
      /** The quantile (inverse CDF) of Student's t distribution with `dof` degrees of freedom at `p`. */
      inv(p: number, dof: number): number;
    };
  }
  const jStat: JStat;
  export default jStat;
}
