import { CALL_SIGNUP_PRICE, type CallRecord, regionList } from '#shared/contracts/call-record';
import { oneLine } from '../../comms/core/mail-text';
import type { MailMessage } from '../../comms/core/ports';

/**
 * The call-centre's e-mails (spec §4 "Call activities saved": signup, send_more_info,
 * send_connection_instructions). Plain text only, never HTML: the values are what agents typed.
 * No card number is ever asked for or written here.
 */

/** Integer cents as dollars: 9999 → '$99.99'. */
export function dollars(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

const greeting = (name: string) => (name.trim() ? `Hello ${oneLine(name, 80)},` : 'Hello,');

const SIGN_OFF = '\nQuestions? Just reply to this e-mail.\n\nThe AnalyticOwl team\n';

/**
 * The sign-up confirmation to signup_info.ad_report_email_address_1: price in dollars, regions
 * and billing type. Automatic billing: the secure card form follows from billing (never here).
 */
export function signupMail(record: CallRecord, priceCents: number): MailMessage {
  const info = record.signup_info;
  const regions = regionList(info.regions);
  const billing =
    info.billing_type === 'automatic'
      ? 'Automatic card billing. Our billing team will e-mail you a link to a secure card form. ' +
        'Please never send card numbers by e-mail or read them out over the phone.'
      : 'Invoice. We will send an invoice to the billing address below each month.';
  const reportsTo = [info.ad_report_email_address_1, info.ad_report_email_address_2].filter(
    Boolean,
  );
  const lines = [
    greeting(info.billing_name || record.advertiser_info.first_name),
    '',
    `Thank you for signing up ${oneLine(record.name)} for AnalyticOwl ad-response reports.`,
    '',
    `Monthly price: ${dollars(priceCents)} (${dollars(CALL_SIGNUP_PRICE.perRegionCents)} per region, never more than ${dollars(CALL_SIGNUP_PRICE.capCents)})`,
    `Regions (DMA codes): ${regions.join(', ')}`,
    `Billing: ${billing}`,
    `Billing name: ${oneLine(info.billing_name)}`,
    `Billing address: ${[info.address, info.address_extended, info.city, info.state, info.zip]
      .filter(Boolean)
      .map((part) => oneLine(part))
      .join(', ')}`,
    `Ad reports go to: ${reportsTo.join(', ')}`,
    info.match_only ? 'Reports: matched airings only.' : '',
    SIGN_OFF,
  ];
  return {
    to: info.ad_report_email_address_1,
    subject: `Your AnalyticOwl sign-up for ${oneLine(record.name, 80)}`,
    text: lines.filter((l, i) => l !== '' || lines[i - 1] !== '').join('\n'),
  };
}

/** What AnalyticOwl is, to advertiser_info.email (send_more_info). */
export function moreInfoMail(record: CallRecord, appOrigin: string): MailMessage {
  const text = [
    greeting(record.advertiser_info.first_name),
    '',
    `Thanks for talking with us about ${oneLine(record.name)}. As promised, here is what AnalyticOwl does.`,
    '',
    'AnalyticOwl matches each of your TV, radio and streaming airings to the visits your website',
    'gets within 8 minutes of it, so you see which stations, shows and dayparts bring visitors.',
    'The core number is Visits per Airing (VPA): the extra visits each airing brought.',
    '',
    `Price: ${dollars(CALL_SIGNUP_PRICE.perRegionCents)} per month per region, never more than ${dollars(CALL_SIGNUP_PRICE.capCents)} per month for several regions.`,
    '',
    `Learn more: ${appOrigin}/`,
    SIGN_OFF,
  ].join('\n');
  return {
    to: record.advertiser_info.email,
    subject: `AnalyticOwl: which airings bring ${oneLine(record.name, 80)} visitors`,
    text,
  };
}

/**
 * How to give AnalyticOwl Viewer access to Google Analytics, to the website or agency contact
 * (send_connection_instructions). The link opens the all-connect guide (web/src/connect); no
 * provisioned viewer address exists in this repo yet, so the link carries no `email`.
 */
export function connectionMail(
  record: CallRecord,
  to: 'website' | 'agency',
  appOrigin: string,
): MailMessage {
  const contact =
    to === 'website'
      ? { email: record.website_info.web_contact_email, name: record.website_info.web_contact_name }
      : {
          email: record.agency_info.agency_contact_email,
          name: record.agency_info.agency_contact_name,
        };
  const text = [
    greeting(contact.name),
    '',
    `${oneLine(record.name)} is connecting its website to AnalyticOwl, which matches ad airings to`,
    'website visits. We only need read-only Viewer access to the Google Analytics property.',
    '',
    'Step-by-step guide:',
    `${appOrigin}/all-connect`,
    '',
    'In short: in Google Analytics open Admin, then Property access management, add a user with',
    'the address shown in the guide, choose the Viewer role and save. Viewer access can read',
    'visits only; it can never change your site or your analytics settings.',
    SIGN_OFF,
  ].join('\n');
  return {
    to: contact.email,
    subject: `Connect ${oneLine(record.name, 80)}'s analytics to AnalyticOwl`,
    text,
  };
}
