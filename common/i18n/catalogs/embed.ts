import { type CatalogRow, catalogFromRows, type FeatureCatalog } from '../catalog.js';

/** The live embed of a ranking (issue 38 part 2) and the topic page's Share dialog. */
const texts: Record<string, CatalogRow> = {
  'error.NOT_IMPLEMENTED': [
    'Ce format n’est pas proposé.',
    'This format is not offered.',
    'Este formato no está disponible.',
    'Dieses Format wird nicht angeboten.',
  ],
  'embed.fullRanking': [
    'Voir le classement complet sur Podium',
    'See the full ranking on Podium',
    'Ver la clasificación completa en Podium',
    'Das ganze Ranking auf Podium ansehen',
  ],
  'embed.live': ['En direct', 'Live', 'En directo', 'Live'],
  'embed.reconnecting': [
    'Reconnexion…',
    'Reconnecting…',
    'Reconectando…',
    'Verbindung wird wiederhergestellt…',
  ],
  'embed.empty': ['Pas encore de votes.', 'No votes yet.', 'Aún no hay votos.', 'Noch keine Stimmen.'],
  'embed.frameTitle': [
    'Classement Podium\u00a0: {{title}}',
    'Podium ranking: {{title}}',
    'Clasificación de Podium: {{title}}',
    'Podium-Ranking: {{title}}',
  ],
  'embed.notFound.title': [
    'Classement introuvable',
    'Ranking not found',
    'Clasificación no encontrada',
    'Ranking nicht gefunden',
  ],
  'embed.notFound.text': [
    'Ce sujet n’existe pas ou plus sur Podium.',
    'This topic does not exist on Podium, or no longer does.',
    'Este tema no existe en Podium, o ya no existe.',
    'Dieses Thema gibt es auf Podium nicht (mehr).',
  ],
  'share.open': ['Partager', 'Share', 'Compartir', 'Teilen'],
  'share.title': [
    'Partager ce classement',
    'Share this ranking',
    'Compartir esta clasificación',
    'Dieses Ranking teilen',
  ],
  'share.link': ['Lien de la page', 'Link to this page', 'Enlace de la página', 'Link zu dieser Seite'],
  'share.code': ['Code d’intégration', 'Embed code', 'Código para insertar', 'Einbettungscode'],
  'share.codeHelp': [
    'Collez ce code dans votre site\u00a0: le classement s’y met à jour en direct.',
    'Paste this code into your site: the ranking updates there live.',
    'Pega este código en tu sitio: la clasificación se actualiza allí en directo.',
    'Füge diesen Code in deine Website ein: Das Ranking aktualisiert sich dort live.',
  ],
  'share.theme': ['Thème', 'Theme', 'Tema', 'Design'],
  'share.theme.auto': ['Selon l’appareil', 'Match the device', 'Según el dispositivo', 'Wie das Gerät'],
  'share.theme.light': ['Clair', 'Light', 'Claro', 'Hell'],
  'share.theme.dark': ['Sombre', 'Dark', 'Oscuro', 'Dunkel'],
  'share.copyLink': ['Copier le lien', 'Copy link', 'Copiar enlace', 'Link kopieren'],
  'share.copyCode': ['Copier le code', 'Copy code', 'Copiar código', 'Code kopieren'],
  'share.copied': ['Copié', 'Copied', 'Copiado', 'Kopiert'],
  'share.copyRefused': [
    'Copie refusée par le navigateur\u00a0: le texte est sélectionné, copiez-le avec Ctrl+C.',
    'The browser refused to copy: the text is selected, copy it with Ctrl+C.',
    'El navegador no permitió copiar: el texto está seleccionado, cópialo con Ctrl+C.',
    'Der Browser hat das Kopieren verweigert: Der Text ist markiert, kopiere ihn mit Strg+C.',
  ],
};

export const embedCatalog: FeatureCatalog = catalogFromRows(texts);
