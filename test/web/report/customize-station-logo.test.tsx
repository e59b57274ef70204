// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import {
  defaultReportSettings,
  type ReportSettingsDoc,
} from '#shared/contracts/report-session.schema';
import { STATION_LOGO_NOT_IMAGE } from '#shared/contracts/station-info.schema';
import { CustomizePanel } from '../../../web/src/report/customize-panel';
import { fakeReportApi } from '../support/report-api';

afterEach(cleanup);

const STORED =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYPj/HwADAgH/eL9NzQAAAABJRU5ErkJggg==';

function station(logo: string) {
  return { station_logo: logo, name: 'KDEF', address: '', locale: '', phone: '', url: '' };
}

function open(answer: Parameters<typeof fakeReportApi>[0]['update_station_info']) {
  const calls = fakeReportApi({ update_station_info: answer });
  const onChange = vi.fn();
  render(
    <CustomizePanel
      settings={defaultReportSettings()}
      onChange={onChange}
      onReset={async () => defaultReportSettings()}
      onClose={() => {}}
      tables={['daypart']}
    />,
  );
  const dialog = screen.getByRole('dialog', { name: 'Customize report' });
  const upload = (file: File) =>
    act(async () => {
      fireEvent.change(within(dialog).getByLabelText('Upload station logo'), {
        target: { files: [file] },
      });
    });
  return { calls, onChange, dialog, upload };
}

const last = (onChange: ReturnType<typeof vi.fn>) =>
  onChange.mock.calls.at(-1)?.[0] as ReportSettingsDoc | undefined;

describe('the station logo in Customize', () => {
  test('an uploaded file is sent to update_station_info and the stored logo shows and is kept in the settings', async () => {
    const { calls, onChange, dialog, upload } = open({ result: { station: station(STORED) } });

    await upload(
      new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'logo.png', { type: 'image/png' }),
    );

    // FileReader and the route answer resolve on later ticks.
    const logo = await within(dialog).findByRole('img', { name: 'Station logo' });
    const sent = calls.filter((c) => c.name === 'update_station_info');
    expect(sent).toHaveLength(1);
    expect(String(sent[0]?.input.station_logo)).toMatch(/^data:image\/png;base64,/);
    expect(logo.getAttribute('src')).toBe(STORED);
    expect(last(onChange)?.station.station_logo).toBe(STORED);
  });

  test("the server's refusal is shown under the field and nothing changes", async () => {
    const { onChange, dialog, upload } = open({
      status: 400,
      code: 'invalid_input',
      message: STATION_LOGO_NOT_IMAGE,
      field: 'station_logo',
    });

    await upload(new File(['<html>'], 'logo.png', { type: 'image/png' }));

    expect((await within(dialog).findByRole('alert')).textContent).toBe(STATION_LOGO_NOT_IMAGE);
    expect(onChange).not.toHaveBeenCalled();
    expect(within(dialog).queryByRole('img', { name: 'Station logo' })).toBeNull();
  });

  test('a file over 2 MB is refused in the browser without sending it', async () => {
    const { calls, dialog, upload } = open({ result: { station: station(STORED) } });

    await upload(new File([new Uint8Array(2_000_001)], 'huge.png', { type: 'image/png' }));

    await waitFor(() => expect(dialog.textContent).toContain('at most 2 MB'));
    expect(calls.filter((c) => c.name === 'update_station_info')).toEqual([]);
  });
});
