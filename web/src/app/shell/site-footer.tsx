import { useState } from 'react';
import { UI_LABELS } from '@lp/domain/labels';
import { readSiteConfig } from '../../lib/site-config';

// tel: links want the bare number: '+49 000 000000-1' → '+49000000001'.
const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** The two contacts of the service and the credit line, from the server's configuration. */
export function SiteFooter() {
  const [site] = useState(readSiteConfig);
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        {site.contacts.length > 0 && (
          <section className="site-footer__contacts" aria-labelledby="footer-contacts-heading">
            <h2 id="footer-contacts-heading" className="site-footer__heading">
              {UI_LABELS.contacts}
            </h2>
            <ul className="contact-list">
              {site.contacts.map((contact) => (
                <li key={`${contact.name}|${contact.email}`} className="contact">
                  <address>
                    {contact.name && <p className="contact__name">{contact.name}</p>}
                    {contact.email && (
                      <p>
                        <span className="contact__label">{UI_LABELS.email}: </span>
                        <a href={`mailto:${contact.email}`}>{contact.email}</a>
                      </p>
                    )}
                    {contact.phone && (
                      <p>
                        <span className="contact__label">{UI_LABELS.phone}: </span>
                        <a href={telHref(contact.phone)}>{contact.phone}</a>
                      </p>
                    )}
                  </address>
                </li>
              ))}
            </ul>
          </section>
        )}
        <p className="site-footer__credit">{site.creditLine}</p>
      </div>
    </footer>
  );
}
