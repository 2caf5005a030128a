/** Some top-level sections of a locales/*.json file, built by vite.config.ts (localeSections). */
declare module 'virtual:locale-sections/*' {
  const sections: Record<string, unknown>;
  export default sections;
}
