// The top bar (spec section 2), one component per file (issue 44, item 4): what the rest of the shell uses.
export { TopBar } from './top-bar.tsx';
