import { catalogFromRows } from '../catalog.js';

/**
 * The e-mails Podium sends (issue 35), in the recipient's language. Administrators may edit them like any
 * UI text. `{{name}}` marks a value filled in when the message is written.
 */
export const mailCatalog = catalogFromRows({
  'mail.footer': [
    'Vous recevez ce message parce que cette adresse a été saisie sur Podium. Si ce n’était pas vous, ignorez-le\u00a0: rien ne changera.',
    'You receive this message because this address was entered on Podium. If it was not you, ignore it: nothing will change.',
    'Recibes este mensaje porque esta dirección se introdujo en Podium. Si no fuiste tú, ignóralo: no cambiará nada.',
    'Du erhältst diese Nachricht, weil diese Adresse bei Podium eingegeben wurde. Warst du es nicht, ignoriere sie: Es ändert sich nichts.',
  ],
  'mail.linkFallback': [
    'Si le bouton ne fonctionne pas, copiez cette adresse dans votre navigateur\u00a0:',
    'If the button does not work, copy this address into your browser:',
    'Si el botón no funciona, copia esta dirección en tu navegador:',
    'Falls der Button nicht funktioniert, kopiere diese Adresse in deinen Browser:',
  ],
  'mail.reset.subject': [
    'Choisir un nouveau mot de passe Podium',
    'Choose a new Podium password',
    'Elige una nueva contraseña de Podium',
    'Ein neues Podium-Passwort wählen',
  ],
  'mail.reset.heading': [
    'Un nouveau mot de passe pour {{username}}',
    'A new password for {{username}}',
    'Una nueva contraseña para {{username}}',
    'Ein neues Passwort für {{username}}',
  ],
  'mail.reset.body': [
    'Quelqu’un a demandé à réinitialiser le mot de passe de votre compte Podium. Ce lien sert une seule fois, dans les {{minutes}}\u00a0minutes. Dès que vous aurez choisi un nouveau mot de passe, toutes vos sessions ouvertes seront fermées.',
    'Someone asked to reset the password of your Podium account. This link works once, within {{minutes}} minutes. As soon as you choose a new password, every session you have open is signed out.',
    'Alguien pidió restablecer la contraseña de tu cuenta de Podium. Este enlace sirve una sola vez, en los próximos {{minutes}} minutos. En cuanto elijas una nueva contraseña, se cerrarán todas tus sesiones abiertas.',
    'Jemand hat angefordert, das Passwort deines Podium-Kontos zurückzusetzen. Dieser Link funktioniert einmal, innerhalb von {{minutes}} Minuten. Sobald du ein neues Passwort wählst, werden alle deine offenen Sitzungen abgemeldet.',
  ],
  'mail.reset.button': [
    'Choisir un nouveau mot de passe',
    'Choose a new password',
    'Elegir una nueva contraseña',
    'Neues Passwort wählen',
  ],
  'mail.reset.ignore': [
    'Vous n’avez rien demandé\u00a0? Ignorez ce message\u00a0: votre mot de passe reste le même.',
    'Did not ask for this? Ignore this message: your password stays the same.',
    '¿No lo pediste? Ignora este mensaje: tu contraseña sigue siendo la misma.',
    'Nicht angefordert? Ignoriere diese Nachricht: Dein Passwort bleibt, wie es ist.',
  ],
  'mail.verify.subject': [
    'Confirmez votre adresse sur Podium',
    'Confirm your address on Podium',
    'Confirma tu dirección en Podium',
    'Bestätige deine Adresse bei Podium',
  ],
  'mail.verify.heading': [
    'Confirmez votre adresse, {{username}}',
    'Confirm your address, {{username}}',
    'Confirma tu dirección, {{username}}',
    'Bestätige deine Adresse, {{username}}',
  ],
  'mail.verify.body': [
    'Confirmez que cette adresse est bien la vôtre\u00a0: c’est elle qui vous permettra de retrouver votre compte Podium si vous oubliez votre mot de passe. Le lien est valable {{days}}\u00a0jours.',
    'Confirm that this address is yours: it is how you get your Podium account back if you forget your password. The link is valid for {{days}} days.',
    'Confirma que esta dirección es tuya: es la que te permitirá recuperar tu cuenta de Podium si olvidas tu contraseña. El enlace es válido durante {{days}} días.',
    'Bestätige, dass diese Adresse dir gehört: Über sie bekommst du dein Podium-Konto zurück, falls du dein Passwort vergisst. Der Link ist {{days}} Tage gültig.',
  ],
  'mail.verify.button': [
    'Confirmer mon adresse',
    'Confirm my address',
    'Confirmar mi dirección',
    'Meine Adresse bestätigen',
  ],
  'mail.verify.ignore': [
    'Vous n’avez rien demandé\u00a0? Ignorez ce message\u00a0: l’adresse ne sera pas confirmée.',
    'Did not ask for this? Ignore this message: the address will not be confirmed.',
    '¿No lo pediste? Ignora este mensaje: la dirección no se confirmará.',
    'Nicht angefordert? Ignoriere diese Nachricht: Die Adresse wird nicht bestätigt.',
  ],
  'mail.changeEmail.subject': [
    'Confirmez votre nouvelle adresse Podium',
    'Confirm your new Podium address',
    'Confirma tu nueva dirección de Podium',
    'Bestätige deine neue Podium-Adresse',
  ],
  'mail.changeEmail.heading': [
    'Votre nouvelle adresse, {{username}}',
    'Your new address, {{username}}',
    'Tu nueva dirección, {{username}}',
    'Deine neue Adresse, {{username}}',
  ],
  'mail.changeEmail.body': [
    'Vous avez demandé que votre compte Podium utilise désormais cette adresse. Elle remplacera l’ancienne dès que vous aurez suivi ce lien, valable un jour.',
    'You asked for your Podium account to use this address from now on. It replaces the old one as soon as you follow this link, which works for one day.',
    'Pediste que tu cuenta de Podium use esta dirección a partir de ahora. Sustituirá a la anterior en cuanto sigas este enlace, válido durante un día.',
    'Du hast angefordert, dass dein Podium-Konto ab jetzt diese Adresse verwendet. Sie ersetzt die alte, sobald du diesem Link folgst, der einen Tag gültig ist.',
  ],
  'mail.changeEmail.button': [
    'Confirmer ma nouvelle adresse',
    'Confirm my new address',
    'Confirmar mi nueva dirección',
    'Meine neue Adresse bestätigen',
  ],
  'mail.changeEmail.ignore': [
    'Vous n’avez rien demandé\u00a0? Ignorez ce message\u00a0: l’adresse du compte ne changera pas.',
    'Did not ask for this? Ignore this message: the account’s address will not change.',
    '¿No lo pediste? Ignora este mensaje: la dirección de la cuenta no cambiará.',
    'Nicht angefordert? Ignoriere diese Nachricht: Die Adresse des Kontos ändert sich nicht.',
  ],
  'mail.cancelEmailChange.subject': [
    'L’adresse de votre compte Podium va changer',
    'Your Podium account’s address is changing',
    'La dirección de tu cuenta de Podium va a cambiar',
    'Die Adresse deines Podium-Kontos ändert sich',
  ],
  'mail.cancelEmailChange.heading': [
    'Nouvelle adresse demandée pour {{username}}',
    'A new address was requested for {{username}}',
    'Se pidió una nueva dirección para {{username}}',
    'Neue Adresse für {{username}} angefordert',
  ],
  'mail.cancelEmailChange.body': [
    'Quelqu’un connecté à votre compte Podium a demandé qu’il utilise désormais l’adresse {{newEmail}}. Si c’était vous, il n’y a rien à faire.',
    'Someone signed in to your Podium account asked for it to use the address {{newEmail}} from now on. If it was you, there is nothing to do.',
    'Alguien con sesión en tu cuenta de Podium pidió que use la dirección {{newEmail}} a partir de ahora. Si fuiste tú, no tienes que hacer nada.',
    'Jemand, der in deinem Podium-Konto angemeldet ist, hat angefordert, dass es ab jetzt die Adresse {{newEmail}} verwendet. Warst du es, musst du nichts tun.',
  ],
  'mail.cancelEmailChange.button': [
    'Ce n’était pas moi\u00a0: annuler',
    'It was not me: cancel',
    'No fui yo: cancelar',
    'Das war ich nicht: abbrechen',
  ],
  'mail.cancelEmailChange.ignore': [
    'Annuler garde cette adresse-ci sur le compte (ou la remet) et ferme toutes ses sessions. Ce lien fonctionne pendant {{days}}\u00a0jours. Choisissez ensuite un nouveau mot de passe.',
    'Cancelling keeps this address on the account (or puts it back) and signs out every session. This link works for {{days}} days. Then choose a new password.',
    'Cancelar mantiene esta dirección en la cuenta (o la restablece) y cierra todas sus sesiones. Este enlace funciona durante {{days}} días. Después elige una nueva contraseña.',
    'Abbrechen behält diese Adresse im Konto (oder setzt sie zurück) und meldet alle Sitzungen ab. Dieser Link funktioniert {{days}} Tage lang. Wähle danach ein neues Passwort.',
  ],
  'mail.cancelEmailChange.footer': [
    'Vous recevez ce message parce qu’un changement d’adresse a été demandé pour votre compte Podium.',
    'You receive this message because a change of address was requested for your Podium account.',
    'Recibes este mensaje porque se pidió un cambio de dirección para tu cuenta de Podium.',
    'Du erhältst diese Nachricht, weil für dein Podium-Konto eine Adressänderung angefordert wurde.',
  ],
});
