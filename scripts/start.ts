// `npm start`: build the app when needed, then run the server that serves it and the API.
import { buildIfStale } from './build-if-stale';

buildIfStale();
await import('../server/main');
