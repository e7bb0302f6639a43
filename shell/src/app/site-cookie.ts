/** Remembers a choice for the shell's server (scripts/prefill.mjs reads it): a year, the whole site, `SameSite=Lax`. */
export function setSiteCookie(name: string, value: string): void {
  try {
    document.cookie = `${name}=${value}; Path=/; Max-Age=31536000; SameSite=Lax`;
  } catch {}
}
