/** Some sections of a language's texts (locales/<language>/<section>.json), or all of them, built by vite.config.ts (localeSections). */
declare module 'virtual:locale-sections/*' {
  const sections: Record<string, unknown>;
  export default sections;
}

/** The pt sections of the first bundle and a loader per dictionary part (services/routeTable.ts LOCALE_PARTS), built by vite.config.ts. */
declare module 'virtual:locale-parts' {
  export const PT_CORE_SECTIONS: Record<string, unknown>;
  export const PT_PART_LOADERS: Record<import('../services/routeTable.ts').LocalePart, () => Promise<{ default: Record<string, unknown> }>>;
}
