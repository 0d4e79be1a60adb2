import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

function Boot() {
  return <main>Клуб</main>;
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Boot />
  </StrictMode>,
);
