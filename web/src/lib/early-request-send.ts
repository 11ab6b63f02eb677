// Imported first by main.tsx: sends the page's first request while the rest of the app is evaluated
// and its screen's code loads (lib/early-request.ts).
import { sendEarlyRequest } from './early-request';

sendEarlyRequest(window.location);
