// SPEC.md §2: "The default router error screen reads 'Unexpected Application Error!'". A render error
// anywhere in the routes (a page that throws, a page chunk that failed to load) replaces the whole
// site with React Router's default error screen, drawn the same way as React Router draws it for a
// data router, until the address changes.
import { Component, type ReactNode } from 'react';

const lightgrey = 'rgba(200,200,200, 0.5)';
const preStyles = { padding: '0.5rem', backgroundColor: lightgrey };

function UnexpectedError({ error }: { error: unknown }) {
  const message = error instanceof Error ? error.message : JSON.stringify(error);
  const stack = error instanceof Error ? error.stack : null;
  return (
    <>
      <h2>Unexpected Application Error!</h2>
      <h3 style={{ fontStyle: 'italic' }}>{message}</h3>
      {stack ? <pre style={preStyles}>{stack}</pre> : null}
    </>
  );
}

interface Props {
  /** The address shown; a new one clears the error. */
  locationKey: string;
  children: ReactNode;
}

interface State {
  locationKey: string;
  error: { value: unknown } | null;
}

export class RouterErrorBoundary extends Component<Props, State> {
  override state: State = { locationKey: this.props.locationKey, error: null };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: { value: error } };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.locationKey === state.locationKey ? null : { locationKey: props.locationKey, error: null };
  }

  override componentDidCatch(error: unknown) {
    console.error('React Router caught the following error during render', error);
  }

  override render() {
    return this.state.error ? <UnexpectedError error={this.state.error.value} /> : this.props.children;
  }
}
