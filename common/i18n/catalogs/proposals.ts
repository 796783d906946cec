import { type CatalogRow, catalogFromRows, type FeatureCatalog } from '../catalog.js';

/**
 * A reason's `.text` follows a colon ("… was not accepted: {{reason}}"): a clause in lower case, but a
 * sentence with its capital in German, where a whole sentence after a colon starts with one.
 */
const reasons: Record<string, CatalogRow> = {
  'proposals.reason.duplicate.label': [
    'Doublon d’une proposition existante',
    'Duplicate of an existing proposition',
    'Duplicado de una propuesta existente',
    'Doppelt zu einem bestehenden Vorschlag',
  ],
  'proposals.reason.duplicate.text': [
    'elle reprend une proposition déjà présente dans le classement.',
    'it repeats a proposition already in the ranking.',
    'repite una propuesta que ya está en la clasificación.',
    'Er wiederholt einen Vorschlag, der schon in der Rangliste steht.',
  ],
  'proposals.reason.off_topic.label': ['Hors sujet', 'Off topic', 'Fuera de tema', 'Themenfremd'],
  'proposals.reason.off_topic.text': [
    'elle ne répond pas à la question de ce sujet.',
    'it does not answer this topic’s question.',
    'no responde a la pregunta de este tema.',
    'Er passt nicht zur Frage dieses Themas.',
  ],
  'proposals.reason.inappropriate.label': ['Inappropriée', 'Inappropriate', 'Inapropiada', 'Unangemessen'],
  'proposals.reason.inappropriate.text': [
    'elle ne respecte pas les règles du site.',
    'it breaks the site’s rules.',
    'no respeta las normas del sitio.',
    'Er verstößt gegen die Regeln der Website.',
  ],
  'proposals.reason.unclear.label': ['Peu claire', 'Unclear', 'Poco clara', 'Unklar'],
  'proposals.reason.unclear.text': [
    'son nom ne dit pas clairement de quoi il s’agit.',
    'its name does not say clearly what it is.',
    'su nombre no dice claramente de qué se trata.',
    'Sein Name sagt nicht klar, worum es geht.',
  ],
  'proposals.reason.other.label': ['Autre raison', 'Another reason', 'Otro motivo', 'Anderer Grund'],
  'proposals.reason.other.text': [
    'les administrateurs l’ont écartée.',
    'the administrators turned it down.',
    'los administradores la descartaron.',
    'Die Verwaltung hat ihn abgelehnt.',
  ],
};

const policies: Record<string, CatalogRow> = {
  'proposalPolicy.publish': [
    'Publier tout de suite',
    'Publish at once',
    'Publicar enseguida',
    'Sofort veröffentlichen',
  ],
  'proposalPolicy.publish.hint': [
    'Un nouveau nom entre dans le classement public dès qu’un votant l’enregistre.',
    'A new name joins the public ranking as soon as a voter saves it.',
    'Un nombre nuevo entra en la clasificación pública en cuanto un votante lo guarda.',
    'Ein neuer Name kommt in die öffentliche Rangliste, sobald jemand ihn speichert.',
  ],
  'proposalPolicy.review': [
    'Garder pour examen',
    'Hold for review',
    'Retener para revisión',
    'Zur Prüfung zurückhalten',
  ],
  'proposalPolicy.review.hint': [
    'Un nouveau nom compte dans le vote de son auteur, mais n’entre dans le classement public qu’une fois approuvé par un administrateur.',
    'A new name counts in its voter’s ballot, but joins the public ranking only once an administrator approves it.',
    'Un nombre nuevo cuenta en el voto de su autor, pero solo entra en la clasificación pública cuando un administrador lo aprueba.',
    'Ein neuer Name zählt in der Stimme seines Urhebers, kommt aber erst in die öffentliche Rangliste, wenn die Verwaltung ihn freigibt.',
  ],
};

const queue: Record<string, CatalogRow> = {
  'admin.proposals.title': [
    'Propositions à examiner',
    'Proposals under review',
    'Propuestas por revisar',
    'Vorschläge zur Prüfung',
  ],
  'adminCatalogue.panel.proposals.title': [
    'Propositions à examiner',
    'Proposals under review',
    'Propuestas por revisar',
    'Vorschläge zur Prüfung',
  ],
  'adminCatalogue.panel.proposals.description': [
    'Les noms saisis par les votants sur les sujets sous examen\u00a0: approuver, refuser ou fusionner.',
    'Names voters typed on topics held for review: approve, reject or merge them.',
    'Los nombres escritos por los votantes en temas bajo revisión: aprobar, rechazar o fusionar.',
    'Namen, die Abstimmende bei geprüften Themen eingegeben haben: freigeben, ablehnen oder zusammenführen.',
  ],
  'adminProposals.intro': [
    'Un nom saisi par un votant qui ne correspond à aucune proposition d’un sujet sous examen attend ici. Il compte déjà dans le vote de son auteur\u00a0; approuvé, il entre dans le classement public.',
    'A name a voter typed that matches no proposition of a topic held for review waits here. It already counts in its voter’s ballot; once approved, it joins the public ranking.',
    'Un nombre escrito por un votante que no coincide con ninguna propuesta de un tema bajo revisión espera aquí. Ya cuenta en el voto de su autor; una vez aprobado, entra en la clasificación pública.',
    'Ein eingegebener Name, der zu keinem Vorschlag eines geprüften Themas passt, wartet hier. Er zählt schon in der Stimme seines Urhebers; freigegeben kommt er in die öffentliche Rangliste.',
  ],
  'adminProposals.pending_zero': [
    'Aucune proposition à examiner',
    'No proposals awaiting review',
    'Ninguna propuesta por revisar',
    'Keine Vorschläge zur Prüfung',
  ],
  'adminProposals.pending_one': [
    '{{count}} proposition à examiner',
    '{{count}} proposal awaiting review',
    '{{count}} propuesta por revisar',
    '{{count}} Vorschlag zur Prüfung',
  ],
  'adminProposals.pending_other': [
    '{{count}} propositions à examiner',
    '{{count}} proposals awaiting review',
    '{{count}} propuestas por revisar',
    '{{count}} Vorschläge zur Prüfung',
  ],
  'adminProposals.empty': [
    'Rien à examiner. Les nouveaux noms saisis sur les sujets sous examen apparaîtront ici.',
    'Nothing to review. New names typed on topics held for review will show here.',
    'Nada que revisar. Los nombres nuevos escritos en temas bajo revisión aparecerán aquí.',
    'Nichts zu prüfen. Neue Namen bei geprüften Themen erscheinen hier.',
  ],
  'adminProposals.item.topic': ['Sujet\u00a0:', 'Topic:', 'Tema:', 'Thema:'],
  'adminProposals.item.proposedBy': [
    'Proposée par {{user}} le {{when}}',
    'Proposed by {{user}} on {{when}}',
    'Propuesta por {{user}} el {{when}}',
    'Vorgeschlagen von {{user}} am {{when}}',
  ],
  'adminProposals.item.proposedAt': [
    'Proposée le {{when}} par un compte supprimé depuis',
    'Proposed on {{when}} by an account since deleted',
    'Propuesta el {{when}} por una cuenta ya eliminada',
    'Vorgeschlagen am {{when}} von einem inzwischen gelöschten Konto',
  ],
  'adminProposals.item.points_one': [
    '{{count}} point',
    '{{count}} point',
    '{{count}} punto',
    '{{count}} Punkt',
  ],
  'adminProposals.item.points_other': [
    '{{count}} points',
    '{{count}} points',
    '{{count}} puntos',
    '{{count}} Punkte',
  ],
  'adminProposals.item.ballots_one': [
    '{{count}} vote',
    '{{count}} ballot',
    '{{count}} voto',
    '{{count}} Stimmzettel',
  ],
  'adminProposals.item.ballots_other': [
    '{{count}} votes',
    '{{count}} ballots',
    '{{count}} votos',
    '{{count}} Stimmzettel',
  ],
  'adminProposals.item.similar': [
    'Propositions proches\u00a0: {{names}}',
    'Similar propositions: {{names}}',
    'Propuestas parecidas: {{names}}',
    'Ähnliche Vorschläge: {{names}}',
  ],
  'adminProposals.quoted': ['«\u00a0{{name}}\u00a0»', '“{{name}}”', '«{{name}}»', '„{{name}}“'],
  'adminProposals.approve': ['Approuver', 'Approve', 'Aprobar', 'Freigeben'],
  'adminProposals.reject': ['Refuser', 'Reject', 'Rechazar', 'Ablehnen'],
  'adminProposals.merge': ['Fusionner dans…', 'Merge into…', 'Fusionar con…', 'Zusammenführen mit…'],
  'adminProposals.reject.reason': [
    'Pourquoi refuser «\u00a0{{name}}\u00a0»\u00a0?',
    'Why reject “{{name}}”?',
    '¿Por qué rechazar «{{name}}»?',
    'Warum „{{name}}“ ablehnen?',
  ],
  'adminProposals.reject.chooseReason': [
    'Choisir une raison',
    'Choose a reason',
    'Elige un motivo',
    'Grund wählen',
  ],
  'adminProposals.reject.note': [
    'Note pour ses votants (facultative)',
    'Note for its voters (optional)',
    'Nota para sus votantes (opcional)',
    'Notiz für die Abstimmenden (optional)',
  ],
  'adminProposals.reject.noteHint': [
    'Montrée telle quelle à côté de la raison, {{max}} caractères au plus.',
    'Shown as typed beside the reason, up to {{max}} characters.',
    'Se muestra tal cual junto al motivo, hasta {{max}} caracteres.',
    'Wird wie eingegeben neben dem Grund gezeigt, höchstens {{max}} Zeichen.',
  ],
  'adminProposals.reject.title': [
    'Refuser «\u00a0{{name}}\u00a0»\u00a0?',
    'Reject “{{name}}”?',
    '¿Rechazar «{{name}}»?',
    '„{{name}}“ ablehnen?',
  ],
  'adminProposals.reject.ballots_zero': [
    'Plus aucun vote ne la nomme.',
    'No ballot names it any more.',
    'Ya ningún voto la nombra.',
    'Kein Stimmzettel nennt ihn mehr.',
  ],
  'adminProposals.reject.ballots_one': [
    'Elle quitte le vote qui la nomme.',
    'It leaves the ballot that names it.',
    'Sale del voto que la nombra.',
    'Er verschwindet von dem Stimmzettel, der ihn nennt.',
  ],
  'adminProposals.reject.ballots_other': [
    'Elle quitte les {{count}} votes qui la nomment.',
    'It leaves the {{count}} ballots that name it.',
    'Sale de los {{count}} votos que la nombran.',
    'Er verschwindet von den {{count}} Stimmzetteln, die ihn nennen.',
  ],
  'adminProposals.reject.told': [
    'Ses votants l’apprendront dans leur langue en rouvrant le sujet\u00a0: {{reason}}',
    'Its voters are told in their language when they next open the topic: {{reason}}',
    'Sus votantes lo sabrán en su idioma al volver a abrir el tema: {{reason}}',
    'Die Abstimmenden erfahren es in ihrer Sprache, wenn sie das Thema wieder öffnen: {{reason}}',
  ],
  'adminProposals.reject.withNote': [
    'Avec votre note\u00a0: «\u00a0{{note}}\u00a0»',
    'With your note: “{{note}}”',
    'Con tu nota: «{{note}}»',
    'Mit deiner Notiz: „{{note}}“',
  ],
  'adminProposals.reject.confirm': ['Refuser', 'Reject', 'Rechazar', 'Ablehnen'],
  'adminProposals.merge.none': [
    'Ce sujet n’a aucune autre proposition où la fusionner.',
    'This topic has no other proposition to merge it into.',
    'Este tema no tiene otra propuesta con la que fusionarla.',
    'Dieses Thema hat keinen anderen Vorschlag, mit dem er zusammengeführt werden kann.',
  ],
  'adminProposals.done.approved': [
    '«\u00a0{{name}}\u00a0» est approuvée\u00a0: elle figure désormais dans le classement de «\u00a0{{topic}}\u00a0».',
    '“{{name}}” is approved: it is now in the ranking of “{{topic}}”.',
    '«{{name}}» está aprobada: ya figura en la clasificación de «{{topic}}».',
    '„{{name}}“ ist freigegeben: Er steht jetzt in der Rangliste von „{{topic}}“.',
  ],
  'adminProposals.done.rejected_zero': [
    '«\u00a0{{name}}\u00a0» est refusée.',
    '“{{name}}” is rejected.',
    '«{{name}}» está rechazada.',
    '„{{name}}“ ist abgelehnt.',
  ],
  'adminProposals.done.rejected_one': [
    '«\u00a0{{name}}\u00a0» est refusée\u00a0: elle a quitté {{count}} vote, dont le votant saura pourquoi.',
    '“{{name}}” is rejected: it left {{count}} ballot, whose voter will be told why.',
    '«{{name}}» está rechazada: salió de {{count}} voto, cuyo votante sabrá por qué.',
    '„{{name}}“ ist abgelehnt: Er ist von {{count}} Stimmzettel verschwunden; wer abgestimmt hat, erfährt den Grund.',
  ],
  'adminProposals.done.rejected_other': [
    '«\u00a0{{name}}\u00a0» est refusée\u00a0: elle a quitté {{count}} votes, dont les votants sauront pourquoi.',
    '“{{name}}” is rejected: it left {{count}} ballots, whose voters will be told why.',
    '«{{name}}» está rechazada: salió de {{count}} votos, cuyos votantes sabrán por qué.',
    '„{{name}}“ ist abgelehnt: Er ist von {{count}} Stimmzetteln verschwunden, deren Abstimmende den Grund erfahren.',
  ],
  'adminProposals.done.merged': [
    '«\u00a0{{name}}\u00a0» est fusionnée dans «\u00a0{{into}}\u00a0»\u00a0: les votes qui la nommaient nomment désormais «\u00a0{{into}}\u00a0».',
    '“{{name}}” is merged into “{{into}}”: the ballots that named it now name “{{into}}”.',
    '«{{name}}» está fusionada con «{{into}}»: los votos que la nombraban ahora nombran «{{into}}».',
    '„{{name}}“ ist mit „{{into}}“ zusammengeführt: Die Stimmzettel, die ihn nannten, nennen jetzt „{{into}}“.',
  ],
  'adminProposals.error.load': [
    'Impossible de charger les propositions à examiner.',
    'The proposals awaiting review could not be loaded.',
    'No se pudieron cargar las propuestas por revisar.',
    'Die Vorschläge zur Prüfung konnten nicht geladen werden.',
  ],
  'adminProposals.error.decide': [
    'Impossible d’enregistrer cette décision.',
    'This decision could not be saved.',
    'No se pudo guardar esta decisión.',
    'Diese Entscheidung konnte nicht gespeichert werden.',
  ],
  'adminProposals.error.propositions': [
    'Impossible de charger les propositions de ce sujet.',
    'The propositions of this topic could not be loaded.',
    'No se pudieron cargar las propuestas de este tema.',
    'Die Vorschläge dieses Themas konnten nicht geladen werden.',
  ],
};

const settings: Record<string, CatalogRow> = {
  'admin.settings.title': ['Réglages', 'Settings', 'Ajustes', 'Einstellungen'],
  'adminCatalogue.panel.settings.title': ['Réglages', 'Settings', 'Ajustes', 'Einstellungen'],
  'adminCatalogue.panel.settings.description': [
    'Ce qui vaut pour tout le site\u00a0: comment les nouvelles propositions sont publiées et quels bulletins comptent.',
    'What holds for the whole site: how new propositions are published and which ballots count.',
    'Lo que vale para todo el sitio: cómo se publican las propuestas nuevas y qué papeletas cuentan.',
    'Was für die ganze Website gilt: wie neue Vorschläge veröffentlicht werden und welche Stimmzettel zählen.',
  ],
  'adminSettings.proposalPolicy.legend': [
    'Nouvelles propositions saisies par les votants',
    'New propositions typed by voters',
    'Propuestas nuevas escritas por los votantes',
    'Neue Vorschläge von Abstimmenden',
  ],
  'adminSettings.whoCounts.legend': ['Qui compte', 'Who counts', 'Quién cuenta', 'Wer zählt'],
  'adminSettings.minAccountAgeDays.label': [
    'Ancienneté minimale du compte avant qu’un bulletin compte (jours)',
    'Minimum account age before a ballot counts (days)',
    'Antigüedad mínima de la cuenta para que una papeleta cuente (días)',
    'Mindestalter des Kontos, bevor ein Stimmzettel zählt (Tage)',
  ],
  'adminSettings.minAccountAgeDays.hint': [
    'De 0 (tout de suite) à 365. Un changement recompte chaque bulletin en moins d’une minute\u00a0; les bulletins en attente sont gardés, pas perdus.',
    'From 0 (at once) to 365. A change re-counts every ballot within a minute; ballots that wait are kept, not lost.',
    'De 0 (enseguida) a 365. Un cambio vuelve a contar todas las papeletas en menos de un minuto; las que esperan se conservan, no se pierden.',
    'Von 0 (sofort) bis 365. Eine Änderung zählt alle Stimmzettel binnen einer Minute neu; wartende Stimmzettel bleiben erhalten.',
  ],
  'adminSettings.confirmedAccountsOnly.label': [
    'Ne compter que les comptes à l’adresse e-mail confirmée',
    'Count only accounts with a confirmed e-mail address',
    'Contar solo las cuentas con la dirección de correo confirmada',
    'Nur Konten mit bestätigter E-Mail-Adresse zählen',
  ],
  'adminSettings.confirmedAccountsOnly.hint': [
    'Un changement recompte chaque bulletin en moins d’une minute\u00a0; les bulletins en attente de confirmation sont gardés, pas perdus.',
    'A change re-counts every ballot within a minute; ballots waiting for a confirmation are kept, not lost.',
    'Un cambio vuelve a contar todas las papeletas en menos de un minuto; las que esperan una confirmación se conservan, no se pierden.',
    'Eine Änderung zählt alle Stimmzettel binnen einer Minute neu; Stimmzettel, die auf eine Bestätigung warten, bleiben erhalten.',
  ],
  'adminSettings.saved.counting': [
    'Enregistré\u00a0: chaque bulletin est recompté selon ces règles, en moins d’une minute.',
    'Saved: every ballot is re-counted under these rules within a minute.',
    'Guardado: todas las papeletas se vuelven a contar con estas reglas en menos de un minuto.',
    'Gespeichert: Alle Stimmzettel werden binnen einer Minute nach diesen Regeln neu gezählt.',
  ],
  'adminSettings.neverSaved': [
    'Jamais modifiés\u00a0: ce sont les réglages par défaut.',
    'Never changed: these are the defaults.',
    'Nunca modificados: son los ajustes por defecto.',
    'Nie geändert: Das sind die Standardwerte.',
  ],
  'adminSettings.savedBy': [
    'Enregistrés par {{user}} le {{when}}.',
    'Last saved by {{user}} on {{when}}.',
    'Guardados por {{user}} el {{when}}.',
    'Zuletzt gespeichert von {{user}} am {{when}}.',
  ],
  'adminSettings.savedAt': [
    'Enregistrés le {{when}}.',
    'Last saved on {{when}}.',
    'Guardados el {{when}}.',
    'Zuletzt gespeichert am {{when}}.',
  ],
  'adminSettings.saved.publish': [
    'Enregistré\u00a0: les nouvelles propositions sont publiées tout de suite sur chaque sujet qui suit le réglage du site.',
    'Saved: new propositions are published at once on every topic that follows the site setting.',
    'Guardado: las propuestas nuevas se publican enseguida en cada tema que sigue el ajuste del sitio.',
    'Gespeichert: Neue Vorschläge werden bei jedem Thema, das der Website-Einstellung folgt, sofort veröffentlicht.',
  ],
  'adminSettings.saved.review': [
    'Enregistré\u00a0: les nouvelles propositions sont gardées pour examen sur chaque sujet qui suit le réglage du site.',
    'Saved: new propositions are held for review on every topic that follows the site setting.',
    'Guardado: las propuestas nuevas se retienen para revisión en cada tema que sigue el ajuste del sitio.',
    'Gespeichert: Neue Vorschläge werden bei jedem Thema, das der Website-Einstellung folgt, zur Prüfung zurückgehalten.',
  ],
  'adminSettings.error.load': [
    'Impossible de charger les réglages.',
    'The settings could not be loaded.',
    'No se pudieron cargar los ajustes.',
    'Die Einstellungen konnten nicht geladen werden.',
  ],
  'adminSettings.error.save': [
    'Impossible d’enregistrer les réglages.',
    'The settings could not be saved.',
    'No se pudieron guardar los ajustes.',
    'Die Einstellungen konnten nicht gespeichert werden.',
  ],
};

/**
 * Proposals under review (issue 34): the reasons a voter is told in their language, the proposal
 * policy's choices, the back-office's review queue and its settings page (and their admin panel cards),
 * which also says who counts (issue 36).
 */
export const proposalsCatalog: FeatureCatalog = catalogFromRows({
  ...reasons,
  ...policies,
  ...queue,
  ...settings,
});
