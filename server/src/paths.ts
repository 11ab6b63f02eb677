// Directories the server reads at run time. This file sits in server/src and the production bundle in
// server/dist: both one level below server/, so one rule serves both.
import path from 'node:path';

export const SERVER_DIR = path.resolve(import.meta.dirname, '..');
export const MIGRATIONS_DIR = path.join(SERVER_DIR, 'src', 'db', 'migrations');
export const WEB_DIST_DIR = path.join(SERVER_DIR, '..', 'web', 'dist');
