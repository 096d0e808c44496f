// Cornish Smuggler's French names (its board's words: js/boards/smuggler-words.js), one entry a
// line as in fr.js (tests/browser/test_play_i18n.py reads both); i18n.js adds them to FR.

export const FR_SMUGGLER = {
  // Smuggler's characters' trades (GET /v1/games/smuggler/static: characters[].trade); their names stay.
  "Almoner": "Aumônier",
  "Bal maiden": "Trieuse de minerai",
  "Banker": "Banquier",
  "Bell-ringer": "Sonneur de cloches",
  "Carter": "Charretier",
  "Chandler": "Avitailleur",
  "Coroner": "Coroner",
  "Curate": "Vicaire",
  "Excise clerk": "Commis de l'accise",
  "Farmhand": "Valet de ferme",
  "Fisherman": "Pêcheur",
  "Fishwife": "Poissonnière",
  "Harbourmaster of St Ives": "Capitaine du port de St Ives",
  "Innkeeper of Penzance": "Aubergiste de Penzance",
  "King of Prussia Cove": "Roi de Prussia Cove",
  "Lord of the manor": "Seigneur du manoir",
  "Magistrate": "Magistrat",
  "Marazion merchant": "Marchand de Marazion",
  "Mayor of St Just": "Maire de St Just",
  "Methodist preacher": "Prédicateur méthodiste",
  "Miner": "Mineur",
  "Parish constable": "Garde de la paroisse",
  "Sexton of Breage": "Sacristain de Breage",
  "Shipwright of Porthleven": "Charpentier de marine de Porthleven",
  "Tinner": "Mineur d'étain",
  "Vicar of Madron": "Pasteur de Madron",
  "Wise woman": "Guérisseuse",
  "Wrecker": "Naufrageur",
  // The places that say what they are, as titles on the map and in its lists (the rules' « Vers le
  // Nord », « les îles de Scilly »). The map names a place alone, so the rules' title fits; the
  // server's sentences say them after a preposition: « vend … au Nord » (its catalogue).
  "To the North": "Vers le Nord",
  "Isles of Scilly": "Îles de Scilly",
  "Off the North Coast": "Au large de la côte nord",
  "Off Cape Cornwall": "Au large du cap Cornwall",
  "Off St Levan": "Au large de St Levan",
  "Off Porthleven": "Au large de Porthleven",
  "Mount's Bay (west)": "Mount's Bay (ouest)",
  "St Ives Bay": "Baie de St Ives",
  "Scilly Sound": "Détroit de Scilly",
  "Irish trader": "Marchand irlandais",
  "Dutch merchantman": "Marchand hollandais",
  "Roscoff lugger": "Lougre de Roscoff",
};
