// Every English key exists in Vietnamese and French (plural keys compare by their base key).
import en from './en.json';
import vi from './vi.json';
import fr from './fr.json';
import { describeCatalogues } from './catalogue-keys.ts';

describeCatalogues('catalogues', { en, vi, fr });
