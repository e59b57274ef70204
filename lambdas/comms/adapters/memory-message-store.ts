import type { ContactRecord, DoNotSellRecord, MessageStore } from '../core/ports';

/** MessageStore in memory (tests). */
export class MemoryMessageStore implements MessageStore {
  readonly contacts: ContactRecord[] = [];
  readonly doNotSell: DoNotSellRecord[] = [];

  async saveContact(record: ContactRecord): Promise<void> {
    this.contacts.push(record);
  }

  async saveDoNotSell(record: DoNotSellRecord): Promise<void> {
    this.doNotSell.push(record);
  }
}
