// What a contact message is about: it preselects the message's first lines. Pages that offer contact
// (heroes, packages, the deck) name a topic; the contact feature opens its dialog with it.
export type ContactTopic = 'general' | 'pilot' | 'call' | 'basic' | 'professional' | 'premium';
