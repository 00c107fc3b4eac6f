import './src/styles/global.css';

// Marks the page interactive, so browser tests and the bench wait for hydration, not a timeout.
export const onInitialClientRender = () => {
  document.documentElement.dataset.hydrated = 'true';
};
