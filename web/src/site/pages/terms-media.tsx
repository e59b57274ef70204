import type { Clause } from './legal-clauses';

/** The media-buying terms; every number is from spec §4 "Contract states" and §9 "Terms". */
export const MEDIA_CLAUSES: readonly Clause[] = [
  [
    'Definitions',
    '"Order" or "Insertion Order" is a media or service order you sign with us. "Customer Presentation" is material we prepare for you. "Customer Data" is data you give us; "Customer Creative Assets" are your scripts, video, audio and graphics; "Customer Marks" are your names and logos. "Advertising Data" is data about the delivery of your ads and "Advertising Metrics" the measurements we derive from it. "Rate Cards (CPM)" are our prices per thousand impressions. "Usage Rights" are the amounts of service an Order allows. A "Credit" is an amount owed back to you against a later invoice. A "User" is a person you authorise to use the services.',
  ],
  [
    'Orders and changes',
    'You may cancel, pause or change an Insertion Order at any time. A change can take up to 72 hours to reach every publisher, and you pay for impressions delivered until it takes effect.',
  ],
  [
    'Fees and payment',
    'Media fees are due net 30 days after delivery. Analytics and software fees are paid 30 days in advance. Fees are non-refundable. Late amounts bear a charge of 1.5% per month or the highest rate the law allows, whichever is lower.',
    'If you use more than your Usage Rights, you have 30 days to reduce your use or pay for the excess. Ordering an additional software offering resets your billing cycle, with a pro-rated Credit on the next cycle.',
    'Pro-rated: days, dayparts, ad duration, stations, station formats, programs, foot traffic hours, foot traffic days, creative, foot traffic, and industry insights / weekly trends. Not pro-rated: post log upload by staff, the lead generation widget, website services, creative messaging, digital media and creative services.',
  ],
  [
    'Creative services',
    'Each script and each video or audio production includes up to three rounds of review; further rounds are billed at our hourly rates. Ownership of the videos, audio and graphics we make for you passes to you once they are paid in full.',
  ],
  [
    'Advertising content',
    'We have final approval over advertising content. Cannabis ads may not be targeted to anyone under 21, and hemp or CBD ads to anyone under 18.',
  ],
  [
    'Data you give us',
    'Do not send us government identification numbers, financial account or card numbers, health or biometric data, data about children under 13, or data that identifies a group smaller than 25 people. Personal data must be encrypted in transit.',
  ],
  [
    'Confidentiality and non-compete',
    "Each of us keeps the other's confidential information secret during the term and for 3 years after it. For 2 years after the term you will not offer a service that competes with ours built on what you learned from it.",
  ],
  [
    'Breach and termination',
    "A party in breach of these media terms has 10 business days to cure after notice. We may suspend service for non-payment or breach. Either party may end an Order without cause on 30 days' notice.",
  ],
];
