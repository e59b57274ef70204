import type { UserProfile } from '#shared/accounts/accounts';
import type { DropLastResult } from '#shared/contracts/drops.schema';
import type {
  DropChannel,
  DropFileDeps,
  DropMail,
  DropRecord,
  DropsDeps,
  DropsStore,
} from '../../../lambdas/drops/core/ports';
import { acmeClient, memoryDeps } from '../imports/fakes';
import { customer } from '../imports/upload-fixture';

/** In-memory DropsStore with the same one-active-drop-per-scope rule as DynamoDrops. */
export class MemoryDrops implements DropsStore {
  readonly drops = new Map<string, DropRecord>();
  readonly claims = new Map<string, string>();
  private static scope = (d: DropRecord) => `${d.org_uid}/${d.client_uid ?? '_org'}`;
  async create(drop: DropRecord) {
    const scope = MemoryDrops.scope(drop);
    if (this.claims.has(scope) || this.drops.has(drop.drop_id)) return false;
    this.drops.set(drop.drop_id, structuredClone(drop));
    this.claims.set(scope, drop.drop_id);
    return true;
  }
  async get(id: string) {
    const d = this.drops.get(id);
    return d ? structuredClone(d) : null;
  }
  async active(org: string, scope: string) {
    const id = this.claims.get(`${org}/${scope}`);
    const d = id ? this.drops.get(id) : undefined;
    return d && !d.revoked_at ? structuredClone(d) : null;
  }
  async listOfOrg(org: string) {
    return [...this.drops.values()]
      .filter((d) => d.org_uid === org)
      .sort((a, b) => (a.created_at < b.created_at ? 1 : -1))
      .map((d) => structuredClone(d));
  }
  async revoke(drop: DropRecord, at: string, by: string) {
    const d = this.drops.get(drop.drop_id);
    if (!d || d.revoked_at) return false;
    this.drops.set(d.drop_id, { ...d, revoked_at: at, revoked_by: by });
    const scope = MemoryDrops.scope(d);
    if (this.claims.get(scope) === d.drop_id) this.claims.delete(scope);
    return true;
  }
  async recordUse(id: string, result: DropLastResult) {
    const d = this.drops.get(id);
    if (d) this.drops.set(id, { ...d, last_used_at: result.at, last_result: result });
  }
}

/** The local folder channel's shape, without touching the disk. */
export const memoryChannel = (mode: DropChannel['mode'] = 'folder'): DropChannel => ({
  mode,
  open: async (drop) =>
    mode === 'sftp'
      ? {
          mode: 'sftp',
          host: 's-1.server.transfer.us-east-1.amazonaws.com',
          port: 22,
          user: drop.username,
          path: '/',
        }
      : { mode: 'folder', path: `/drops/${drop.org_uid}/${drop.client_uid ?? '_org'}/` },
});

/** An ed25519 public key line made by `ssh-keygen -t ed25519 -C uploader@station`. */
export const ED25519_KEY =
  'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIF8cThnoFRWtA2qwMjC9CnrRuq8d4BmRYhUPhUui3ViN uploader@station';

/** Its fingerprint as `ssh-keygen -lf` printed it. */
export const ED25519_FINGERPRINT = 'SHA256:WirstE8KstFHhtst8jfOsyb8LtfVep3deGal1DBUX9Y';

/** Olga owns org-a (clients Acme c-acme and Beta c-beta), Mia is a plain member of it, Rita owns org-r. */
export const olga = customer('olga', 'olga@a.example');
export const mia = customer('mia', 'mia@a.example');
export const rita = customer('rita', 'rita@r.example');

/**
 * The import fakes plus drops: org-a with Acme and Beta, its owner olga (verified e-mail), its
 * member mia, and rita owning org-r; a folder channel; every mail kept in `mails`, every S3
 * object of the uploads bucket in `imports.uploads.objects` (drops, copies and result files).
 */
export async function dropWorld(mode: DropChannel['mode'] = 'folder') {
  const imports = memoryDeps();
  const { companies } = imports;
  await companies.addMembership('olga', 'org-a', 'owner');
  await companies.addMembership('mia', 'org-a', 'member');
  await companies.addMembership('rita', 'org-r', 'owner');
  await companies.ensureAdvertiser('org-a', 'Acme', () => acmeClient('c-acme'));
  await companies.ensureAdvertiser('org-a', 'Beta', () => ({
    ...acmeClient('c-beta'),
    name: 'Beta',
  }));
  const profile = { user_id: 'olga', primary_email: 'olga@a.example', email_verified: true };
  companies.accounts.profiles.set('olga', profile as UserProfile);
  const drops = new MemoryDrops();
  const mails: DropMail[] = [];
  let n = 0;
  const routeDeps: DropsDeps = {
    drops,
    companies,
    channel: memoryChannel(mode),
    now: imports.now,
    newId: () => `drop${++n}`,
  };
  const objects = imports.uploads.objects;
  const fileDeps: DropFileDeps = {
    drops,
    imports,
    files: {
      head: async (key) => {
        const text = objects.get(key);
        return text === undefined
          ? null
          : {
              etag: `etag-${Buffer.from(text).toString('base64').slice(0, 16)}-${text.length}`,
              bytes: text.length,
            };
      },
      copy: async (from, to) => {
        const text = objects.get(from);
        if (text === undefined) throw new Error(`no object ${from}`);
        objects.set(to, text);
      },
      writeJson: async (key, body) => {
        objects.set(key, body);
      },
    },
    mailer: { send: async (mail) => void mails.push(mail) },
    appOrigin: 'https://app.example.com',
    now: imports.now,
  };
  return { imports, companies, drops, mails, routeDeps, fileDeps, objects };
}
