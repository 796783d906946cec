import { type CatalogRow, catalogFromRows, type FeatureCatalog } from '../catalog.js';

/** Open data (issue 38): a topic's ranking to download, and the administrators' exports. */
const texts: Record<string, CatalogRow> = {
  'topic.openData.title': ['Les données', 'The data', 'Los datos', 'Die Daten'],
  'topic.openData.text': [
    'Ce classement avec tous ses chiffres (points, places, moyenne et intervalle), en fichier.',
    'This ranking with all its figures (points, places, average and interval), as a file.',
    'Esta clasificación con todas sus cifras (puntos, puestos, media e intervalo), en un archivo.',
    'Diese Rangliste mit allen Zahlen (Punkte, Plätze, Durchschnitt und Intervall) als Datei.',
  ],
  'topic.openData.csv': [
    'Télécharger en CSV',
    'Download as CSV',
    'Descargar en CSV',
    'Als CSV herunterladen',
  ],
  'topic.openData.json': [
    'Télécharger en JSON',
    'Download as JSON',
    'Descargar en JSON',
    'Als JSON herunterladen',
  ],
  'adminCatalogue.panel.exports.title': [
    'Exports de données',
    'Data exports',
    'Exportar datos',
    'Datenexporte',
  ],
  'adminCatalogue.panel.exports.description': [
    'Le catalogue et les bulletins en CSV, sous pseudonymes.',
    'The catalogue and the ballots as CSV, under pseudonyms.',
    'El catálogo y las papeletas en CSV, con seudónimos.',
    'Der Katalog und die Stimmzettel als CSV, unter Pseudonymen.',
  ],
  'admin.exports.title': ['Exports de données', 'Data exports', 'Exportar datos', 'Datenexporte'],
  'adminExports.intro': [
    'Des fichiers CSV (UTF-8, virgules) lus au moment du téléchargement. Les noms et les titres sont dans la langue de cette page.',
    'CSV files (UTF-8, commas) read as they download. Names and titles are in the language of this page.',
    'Archivos CSV (UTF-8, comas) leídos al descargarlos. Los nombres y títulos están en el idioma de esta página.',
    'CSV-Dateien (UTF-8, Kommas), beim Herunterladen gelesen. Namen und Titel stehen in der Sprache dieser Seite.',
  ],
  'adminExports.catalogue.title': ['Catalogue', 'Catalogue', 'Catálogo', 'Katalog'],
  'adminExports.ballots.title': ['Bulletins', 'Ballots', 'Papeletas', 'Stimmzettel'],
  'adminExports.part.categories': [
    'Catégories (nom, parente)',
    'Categories (name, parent)',
    'Categorías (nombre, superior)',
    'Kategorien (Name, übergeordnete)',
  ],
  'adminExports.part.tags': [
    'Étiquettes (nom, type, catégorie)',
    'Tags (name, type, category)',
    'Etiquetas (nombre, tipo, categoría)',
    'Schlagwörter (Name, Typ, Kategorie)',
  ],
  'adminExports.part.topics': [
    'Sujets (titre, catégorie, étiquettes, votants)',
    'Topics (title, category, tags, voters)',
    'Temas (título, categoría, etiquetas, votantes)',
    'Themen (Titel, Kategorie, Schlagwörter, Abstimmende)',
  ],
  'adminExports.part.propositions': [
    'Propositions (sujet, points, places)',
    'Propositions (topic, points, places)',
    'Propuestas (tema, puntos, puestos)',
    'Vorschläge (Thema, Punkte, Plätze)',
  ],
  'adminExports.part.ballots': [
    'Un bulletin par ligne\u00a0: sujet, pseudonyme, état, jour du vote et propositions placées (leurs identifiants).',
    'One ballot per line: topic, pseudonym, state, day cast and the propositions placed (their ids).',
    'Una papeleta por línea: tema, seudónimo, estado, día del voto y las propuestas situadas (sus identificadores).',
    'Ein Stimmzettel pro Zeile: Thema, Pseudonym, Status, Tag der Stimmabgabe und die platzierten Vorschläge (ihre IDs).',
  ],
  'adminExports.ballots.privacy': [
    'Le pseudonyme est propre à une personne et à un sujet\u00a0: il ne permet ni de relier ses bulletins d’un sujet à l’autre, ni de la retrouver. Aucun identifiant, nom ou adresse n’y figure. Chaque téléchargement est inscrit au journal d’audit.',
    'A pseudonym belongs to one person on one topic: it links neither their ballots across topics nor them. No id, name or address is in the file. Each download is written in the audit log.',
    'Un seudónimo es propio de una persona en un tema: no enlaza sus papeletas entre temas ni la identifica. El archivo no contiene identificadores, nombres ni direcciones. Cada descarga queda en el registro de auditoría.',
    'Ein Pseudonym gehört zu einer Person in einem Thema: Es verbindet weder ihre Stimmzettel über Themen hinweg noch führt es zu ihr. Keine ID, kein Name, keine Adresse steht in der Datei. Jeder Download wird im Prüfprotokoll vermerkt.',
  ],
  'adminExports.download': [
    'Télécharger {{file}}',
    'Download {{file}}',
    'Descargar {{file}}',
    '{{file}} herunterladen',
  ],
  'adminPeople.audit.action.export': ['Export', 'Export', 'Exportación', 'Export'],
  'adminExports.busy': ['Téléchargement…', 'Downloading…', 'Descargando…', 'Wird heruntergeladen…'],
  'adminExports.error': [
    'Le téléchargement a échoué.',
    'The download failed.',
    'La descarga ha fallado.',
    'Der Download ist fehlgeschlagen.',
  ],
};

export const openDataCatalog: FeatureCatalog = catalogFromRows(texts);
