import { SWRConfig } from 'swr';
import { CallCentrePage } from '../call-centre/call-centre-page';
import { mountApp } from './mount';
import '../call-centre/call-centre.css';
import '../call-centre/call-centre-record.css';

/**
 * The call-centre app's entry (web/callcentre.html; spec §2 "a call-centre router (root only)",
 * "Five mount points"): the TV self serve screen at /call-centre, for sales agents. Every other
 * path belongs to another application (foreign routes hand it to the server).
 */
mountApp('callcentre', [
  {
    path: '/call-centre',
    element: (
      <SWRConfig value={{ revalidateOnFocus: false }}>
        <CallCentrePage />
      </SWRConfig>
    ),
  },
]);
