import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { RouteErrorPage } from './route-error-page';

type TBoundaryState = { error: unknown };

class ErrorBoundary extends Component<{ children: ReactNode }, TBoundaryState> {
  override state: TBoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): TBoundaryState {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override render() {
    return this.state.error ? <RouteErrorPage /> : this.props.children;
  }
}

/** Catches rendering errors (and failed page downloads); moving to another page clears the error. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <ErrorBoundary key={pathname}>{children}</ErrorBoundary>;
}
