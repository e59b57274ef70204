import type Stripe from 'stripe';
import { usd } from './lines';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

const date = (at: number | null) => (at ? new Date(at * 1000).toISOString().slice(0, 10) : '—');

/** An open invoice's "Mark as paid" form (the customer paid it; POST /__local/invoices/:id/pay). */
const payButton = (invoice: Stripe.Invoice) =>
  invoice.status === 'open'
    ? `<form method="post" action="/__local/invoices/${escapeHtml(invoice.id)}/pay"><button type="submit">Mark as paid (local stand-in)</button></form>`
    : '';

/**
 * The hosted invoice page of the stand-in (`hosted_invoice_url` = /__local/invoices/:id): number,
 * status, customer, lines and totals, as a plain HTML page a person can look at; an open one has
 * a button that marks it paid, as if the customer had paid it.
 */
export function invoicePage(invoice: Stripe.Invoice): string {
  const rows = invoice.lines.data
    .map(
      (line) =>
        `<tr><td>${escapeHtml(line.description ?? '')}</td><td>${date(line.period.start)} – ${date(line.period.end)}</td><td class="n">${usd(line.amount)}</td></tr>`,
    )
    .join('');
  const discount = (invoice.total_discount_amounts ?? []).reduce((sum, d) => sum + d.amount, 0);
  const totals = [
    ['Subtotal', usd(invoice.subtotal)],
    ...(discount ? [['Discount', usd(-discount)]] : []),
    ['Total', usd(invoice.total)],
    ...(invoice.starting_balance ? [['Applied balance', usd(invoice.starting_balance)]] : []),
    ['Amount due', usd(invoice.amount_due)],
    ['Amount paid', usd(invoice.amount_paid)],
  ]
    .map(([label, value]) => `<tr><th colspan="2">${label}</th><td class="n">${value}</td></tr>`)
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Invoice ${escapeHtml(invoice.number ?? invoice.id)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem}
table{width:100%;border-collapse:collapse}td,th{padding:.4rem;border-bottom:1px solid #ddd;text-align:left}
.n{text-align:right}.status{display:inline-block;padding:.1rem .5rem;border-radius:.3rem;background:#eef}</style></head>
<body><h1>Invoice ${escapeHtml(invoice.number ?? '(draft)')}</h1>
<p><span class="status">${escapeHtml(invoice.status ?? '')}</span> · issued ${date(invoice.created)}${invoice.due_date ? ` · due ${date(invoice.due_date)}` : ''}</p>
<p>${escapeHtml(invoice.customer_name ?? '')} ${escapeHtml(invoice.customer_email ?? '')}</p>
<table><thead><tr><th>Description</th><th>Period</th><th class="n">Amount</th></tr></thead>
<tbody>${rows}</tbody><tfoot>${totals}</tfoot></table>
${payButton(invoice)}
<p><small>Local Stripe stand-in: no payment is taken on this page.</small></p></body></html>`;
}
