// Inside the landscape worker thread: one request per map.
import { serveThreadRequests } from '../../platform/thread-server.ts';
import { buildLandscape, type DocumentTerms, type LandscapeOptions } from './landscape.ts';

serveThreadRequests(({ documents, options }: { documents: DocumentTerms[]; options: LandscapeOptions }) => buildLandscape(documents, options));
