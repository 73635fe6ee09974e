/** The cancellation page's part of a catalog (vite.config.ts splits src/i18n/<language>.json by key). */
declare module '*.json?cancel' {
  const messages: Record<string, unknown>;
  export default messages;
}
