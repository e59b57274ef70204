export { printCustomizeOf } from '#shared/print/print-customize';
