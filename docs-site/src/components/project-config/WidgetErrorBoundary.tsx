import React, { Component } from 'react';
import type { ErrorInfo, ReactNode } from 'react';
import ErrorFallback from './ErrorFallback';

/**
 * Keeps a failing widget (a crash, or its code chunk failing to load) from taking the guide down
 * with it: the reader gets a pointer to the dashboard instead.
 */
export default class WidgetErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('ProjectConfigVariables failed', error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <ErrorFallback /> : this.props.children;
  }
}
