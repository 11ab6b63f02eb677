// The few lines a person starting the server on a terminal needs (issue 56): the address to open
// and, on the first start, the administrator's name and generated password. German first, English
// beside it, for a newcomer who may read either. Only on a terminal: services keep the JSON log line.
import type { CreatedAdmin } from './db/seed-system-records';

export function startBanner({ url, admin }: { url: string; admin: CreatedAdmin | undefined }): string {
  const lines = [
    '',
    '  Lieferantenportal läuft (is running)',
    `  Im Browser öffnen (open in a browser):  ${url}`,
  ];
  if (admin) {
    lines.push(
      '',
      '  Erster Start (first start): Administrator',
      `    Benutzer (user):      ${admin.email}`,
      admin.generatedPassword === undefined
        ? '    Passwort (password):  aus ADMIN_PASSWORD (from ADMIN_PASSWORD)'
        : `    Passwort (password):  ${admin.generatedPassword}`,
    );
    if (admin.generatedPassword !== undefined) {
      lines.push(
        '    Nur jetzt sichtbar – bitte nach der Anmeldung ändern (shown once: change it after login)',
      );
    }
  }
  lines.push('', '  Beenden (stop): Strg+C', '', '');
  return lines.join('\n');
}

/** The address a person opens: a wildcard listen address is reached as localhost. */
export function openUrl(host: string, port: string): string {
  const name = host === '0.0.0.0' || host === '::' || host === '' ? 'localhost' : host;
  return `http://${name.includes(':') ? `[${name}]` : name}:${port}`;
}
