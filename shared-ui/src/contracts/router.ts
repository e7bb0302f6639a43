// The router hooks remotes may use, from the shell's own router. react-router is not a shared library:
// the shell bundles only the parts it uses (a shared library is shipped whole, server parts included),
// and remotes reach its router state through these re-exports of this shared contract module.
// Remotes navigate with usePlatform().navigateTo; they read the location with these hooks.
export { useLocation, useParams, useSearchParams } from 'react-router';
