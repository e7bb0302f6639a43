// Around a part whose code loads when used (the rewards panel, the emergency sheet): when its chunk cannot
// download (offline before any visit, a dropped connection) or it throws, `fallback` is shown where it would be,
// and the map stays. A new `key` tries again (React keeps a failed lazy component failed).
import { Component, type ReactNode } from 'react';

interface Props {
  /** What failed, for the console ("the rewards panel"). */
  what: string;
  fallback: ReactNode;
  children: ReactNode;
}

export class ChunkBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.warn(`[map] ${this.props.what} could not load`, error);
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
