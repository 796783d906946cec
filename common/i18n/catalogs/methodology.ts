import { type CatalogRow, catalogFromRows, type FeatureCatalog } from '../catalog.js';

/**
 * What the ranking computes, for a reader who is not a statistician (server/modules/rankings,
 * docs/decisions/013-rankings-people-can-trust.md), and which ballots it counts (decision 018).
 * `{{ballots}}` is the prior's weight (m = 5), `{{percent}}` the interval's level (90), `{{shown}}` how
 * many propositions the duels cover (10).
 */
const texts: Record<string, CatalogRow> = {
  'methodology.title': [
    'Comment fonctionnent les classements',
    'How the rankings work',
    'Cómo funcionan las clasificaciones',
    'So funktionieren die Rankings',
  ],
  'methodology.description': [
    'Comment Podium additionne les points, ce que signifient l’intervalle et «\u00a0au coude-à-coude\u00a0», comment se jouent les face-à-face et quels bulletins comptent, expliqué sans jargon.',
    'How Podium adds up points, what the interval and “too close to call” mean, how head-to-head duels work and which ballots count, explained without statistics.',
    'Cómo suma Podium los puntos, qué significan el intervalo y el «empate técnico», cómo funcionan los cara a cara y qué papeletas cuentan, explicado sin estadística.',
    'Wie Podium Punkte zusammenzählt, was das Intervall und „Kopf an Kopf“ bedeuten, wie der direkte Vergleich funktioniert und welche Stimmzettel zählen, ganz ohne Statistik erklärt.',
  ],
  'methodology.lead': [
    'Chaque classement de Podium vient des votes de ses membres. Voici comment nous les comptons, en termes simples.',
    'Every ranking on Podium comes from its members’ votes. Here is how we count them, in plain words.',
    'Cada clasificación de Podium sale de los votos de sus miembros. Así es como los contamos, en palabras sencillas.',
    'Jedes Ranking auf Podium entsteht aus den Stimmen der Mitglieder. Hier erklären wir in einfachen Worten, wie wir sie zählen.',
  ],
  'methodology.contents': ['Sur cette page', 'On this page', 'En esta página', 'Auf dieser Seite'],
  'methodology.back': ['Retour à l’accueil', 'Back to home', 'Volver al inicio', 'Zurück zur Startseite'],

  'methodology.points.title': [
    'Comment les points s’additionnent',
    'How points add up',
    'Cómo se suman los puntos',
    'Wie die Punkte zusammenkommen',
  ],
  'methodology.points.ballot': [
    'Chaque membre connecté peut donner son top 3 pour un sujet\u00a0: 3 points pour la première place, 2 pour la deuxième et 1 pour la troisième.',
    'Every signed-in member can give each topic their top 3: first place earns 3 points, second place 2 and third place 1.',
    'Cada miembro con sesión iniciada puede dar su top 3 de un tema: el primer puesto recibe 3 puntos, el segundo 2 y el tercero 1.',
    'Jedes angemeldete Mitglied kann zu einem Thema seine Top 3 abgeben: Platz 1 bekommt 3 Punkte, Platz 2 bekommt 2 und Platz 3 einen.',
  ],
  'methodology.points.example': [
    'Par exemple, si votre top 3 pour «\u00a0Meilleure pizza à Naples\u00a0» est Da Michele, Sorbillo puis Starita, vous donnez 3 points à Da Michele, 2 à Sorbillo et 1 à Starita.',
    'Say your top 3 for “Best pizza in Naples” is Da Michele, Sorbillo and Starita: you give 3 points to Da Michele, 2 to Sorbillo and 1 to Starita.',
    'Por ejemplo, si tu top 3 de «Mejor pizza de Nápoles» es Da Michele, Sorbillo y Starita, das 3 puntos a Da Michele, 2 a Sorbillo y 1 a Starita.',
    'Sind deine Top 3 für „Beste Pizza in Neapel“ zum Beispiel Da Michele, Sorbillo und Starita, gibst du Da Michele 3 Punkte, Sorbillo 2 und Starita 1.',
  ],
  'methodology.points.total': [
    'Le total d’une proposition est la somme des points reçus sur tous les bulletins. Le classement met en tête celle qui a le plus de points\u00a0; à points égaux, passe devant celle qui a réuni le plus de votants.',
    'A proposition’s total is the sum of the points it gets from every ballot. The ranking puts the most points first; between two propositions with the same total, the one more people voted for comes first.',
    'El total de una propuesta es la suma de los puntos que recibe en todas las papeletas. La clasificación pone primero la que más puntos tiene; con los mismos puntos, va delante la que más gente ha votado.',
    'Die Gesamtpunktzahl eines Vorschlags ist die Summe der Punkte aus allen Stimmzetteln. Oben steht, wer die meisten Punkte hat; bei gleicher Punktzahl liegt vorn, wen mehr Leute gewählt haben.',
  ],
  'methodology.points.ties': [
    'Deux propositions à égalité de points et de votants partagent la même place, et la suivante est sautée\u00a0: le classement se lit alors 1, 2, 2, 4.',
    'Two propositions level on both points and voters share a place, and the next place is skipped: the ranking then reads 1, 2, 2, 4.',
    'Dos propuestas empatadas en puntos y en votantes comparten puesto, y el siguiente se salta: la clasificación queda 1, 2, 2, 4.',
    'Zwei Vorschläge mit gleich vielen Punkten und Stimmen teilen sich einen Platz, und der nächste Platz entfällt: Das Ranking lautet dann 1, 2, 2, 4.',
  ],
  'methodology.points.live': [
    'Les classements se mettent à jour en direct\u00a0: un nouveau vote apparaît en quelques instants, sans recharger la page.',
    'Rankings update live: a new vote shows up within moments, with no need to reload the page.',
    'Las clasificaciones se actualizan en directo: un voto nuevo aparece en unos instantes, sin recargar la página.',
    'Die Rankings aktualisieren sich live: Eine neue Stimme erscheint nach wenigen Augenblicken, ohne dass du die Seite neu laden musst.',
  ],

  'methodology.average.title': [
    'La moyenne par bulletin',
    'The average per ballot',
    'La media por papeleta',
    'Der Durchschnitt pro Stimmzettel',
  ],
  'methodology.average.what': [
    'Le total avantage les propositions présentes depuis longtemps. La moyenne par bulletin regarde les choses autrement\u00a0: pour chaque bulletin qui aurait pu citer la proposition (voir «\u00a0Quels bulletins comptent\u00a0» plus bas), elle prend les points que ce bulletin lui a donnés, 0 s’il ne l’a pas citée, et en fait la moyenne. Elle va de 0 à 3 points.',
    'Totals favour propositions that have been around for a long time. The average per ballot looks at it another way: for each ballot that could have named the proposition (see “Which ballots count” below), it takes the points that ballot gave it, 0 if it left it out, and averages them. It runs from 0 to 3 points.',
    'El total favorece a las propuestas que llevan más tiempo. La media por papeleta lo mira de otra forma: de cada papeleta que podía haber nombrado la propuesta (ver «Qué papeletas cuentan» más abajo), toma los puntos que le dio, 0 si no la nombró, y calcula la media. Va de 0 a 3 puntos.',
    'Die Gesamtpunktzahl bevorzugt Vorschläge, die schon lange dabei sind. Der Durchschnitt pro Stimmzettel sieht es anders: Für jeden Stimmzettel, der den Vorschlag hätte nennen können (siehe „Welche Stimmzettel zählen“ weiter unten), nimmt er die Punkte, die dieser ihm gegeben hat, 0, wenn er ihn nicht genannt hat, und bildet daraus den Durchschnitt. Er reicht von 0 bis 3 Punkten.',
  ],
  'methodology.average.pull': [
    'Une proposition citée par très peu de monde ferait le yo-yo\u00a0: un seul vote enthousiaste la mettrait en tête. Sa moyenne est donc tirée vers la moyenne générale du sujet, comme si elle avait reçu {{ballots}} bulletins de plus, semblables au bulletin moyen du sujet. Plus elle reçoit de bulletins, moins cet ajustement pèse\u00a0: au bout de quelques dizaines, ce sont presque uniquement ses propres bulletins qui comptent.',
    'A proposition named by only a few people would swing wildly: one enthusiastic vote would put it on top. So its average is pulled towards the topic’s overall average, as if it had {{ballots}} extra ballots voting the way the topic does on average. The more ballots it gets, the less that pull matters: after a few dozen, its own ballots decide almost everything.',
    'Una propuesta elegida por muy pocas personas daría bandazos: un solo voto entusiasta la pondría en cabeza. Por eso su media se acerca a la media general del tema, como si tuviera {{ballots}} papeletas más que votaran como vota el tema de media. Cuantas más papeletas recibe, menos pesa este ajuste: a partir de unas decenas, deciden casi solo sus propias papeletas.',
    'Ein Vorschlag, den nur wenige genannt haben, würde stark schwanken: Eine einzige begeisterte Stimme brächte ihn an die Spitze. Deshalb wird sein Durchschnitt zum Gesamtdurchschnitt des Themas hingezogen, als hätte er {{ballots}} zusätzliche Stimmzettel, die so ausfallen wie im Schnitt des Themas. Je mehr Stimmzettel er bekommt, desto weniger fällt das ins Gewicht: Nach ein paar Dutzend entscheiden fast nur noch seine eigenen.',
  ],
  'methodology.average.formula': [
    'Pour les curieux, c’est la note pondérée qu’utilise IMDb pour classer les films\u00a0:',
    'For the curious, this is the weighted rating IMDb uses to rank films:',
    'Para los curiosos, es la valoración ponderada que usa IMDb para clasificar películas:',
    'Für Neugierige: Das ist die gewichtete Bewertung, mit der IMDb Filme einordnet:',
  ],
  'methodology.average.symbols': [
    'avec m = {{ballots}}, n le nombre de bulletins qui auraient pu citer la proposition, R sa propre moyenne et C la moyenne du sujet par proposition et par bulletin.',
    'where m = {{ballots}}, n is the number of ballots that could have named the proposition, R its own average and C the topic’s average per proposition per ballot.',
    'donde m = {{ballots}}, n es el número de papeletas que podían haber nombrado la propuesta, R su propia media y C la media del tema por propuesta y por papeleta.',
    'mit m = {{ballots}}, n der Zahl der Stimmzettel, die den Vorschlag hätten nennen können, R seinem eigenen Durchschnitt und C dem Durchschnitt des Themas pro Vorschlag und Stimmzettel.',
  ],
  'methodology.average.order': [
    'Classer par «\u00a0Moyenne\u00a0» ordonne les propositions selon ce chiffre.',
    'Ranking by “Average” orders the propositions by this figure.',
    'Ordenar por «Media» clasifica las propuestas según esta cifra.',
    'Sortieren nach „Durchschnitt“ ordnet die Vorschläge nach dieser Zahl.',
  ],
  'methodology.average.interval': [
    'La barre à côté de chaque proposition montre son intervalle à {{percent}}\u00a0%\u00a0: la plage dans laquelle sa vraie moyenne se trouve très probablement, au vu des bulletins reçus jusqu’ici. Elle est étroite quand beaucoup de gens ont voté, large quand ils sont peu nombreux.',
    'The bar beside each proposition shows its {{percent}}% interval: the range in which its true average very likely lies, given the ballots so far. It is narrow when many people have voted and wide when few have.',
    'La barra junto a cada propuesta muestra su intervalo del {{percent}}\u00a0%: el rango en el que muy probablemente está su media real, según las papeletas recibidas hasta ahora. Es estrecho cuando ha votado mucha gente y ancho cuando han votado pocos.',
    'Der Balken neben jedem Vorschlag zeigt sein {{percent}}-%-Intervall: den Bereich, in dem sein wahrer Durchschnitt nach den bisherigen Stimmzetteln sehr wahrscheinlich liegt. Es ist schmal, wenn viele abgestimmt haben, und breit, wenn es nur wenige waren.',
  ],
  'methodology.average.bar': [
    'Toute la longueur de la barre représente l’échelle complète, de 0 à 3 points par bulletin\u00a0; le point marque la moyenne pondérée.',
    'The bar’s full length is the whole scale, from 0 to 3 points per ballot; the dot marks the weighted average.',
    'El largo total de la barra es la escala completa, de 0 a 3 puntos por papeleta; el punto marca la media ponderada.',
    'Die ganze Länge des Balkens ist die volle Skala von 0 bis 3 Punkten pro Stimmzettel; der Punkt markiert den gewichteten Durchschnitt.',
  ],

  'methodology.tooClose.title': [
    '«\u00a0Au coude-à-coude\u00a0»',
    '“Too close to call”',
    '«Empate técnico»',
    '„Kopf an Kopf“',
  ],
  'methodology.tooClose.overlap': [
    'Quand les intervalles de deux propositions voisines dans le classement se chevauchent, les bulletins reçus jusqu’ici ne permettent pas de dire laquelle est vraiment devant. Le classement les signale alors «\u00a0au coude-à-coude\u00a0».',
    'When the intervals of two neighbours in the ranking overlap, the ballots so far cannot tell which of them is really ahead. The ranking then marks them “too close to call”.',
    'Cuando los intervalos de dos vecinos de la clasificación se solapan, las papeletas recibidas hasta ahora no permiten saber cuál va realmente delante. La clasificación los marca entonces como «empate técnico».',
    'Wenn sich die Intervalle zweier Nachbarn im Ranking überschneiden, lässt sich nach den bisherigen Stimmzetteln nicht sagen, wer wirklich vorn liegt. Das Ranking kennzeichnet sie dann als „Kopf an Kopf“.',
  ],
  'methodology.tooClose.stands': [
    'Leur ordre aux points reste valable\u00a0: la mention dit seulement que quelques bulletins de plus pourraient les inverser.',
    'Their order by points still stands: the mark only says that a few more ballots could swap them.',
    'Su orden por puntos sigue valiendo: la marca solo dice que unas pocas papeletas más podrían darles la vuelta.',
    'Ihre Reihenfolge nach Punkten bleibt bestehen: Die Markierung sagt nur, dass ein paar Stimmzettel mehr sie vertauschen könnten.',
  ],

  'methodology.headToHead.title': ['Le face-à-face', 'Head to head', 'Cara a cara', 'Der direkte Vergleich'],
  'methodology.headToHead.duel': [
    'Le face-à-face compare deux propositions directement. On prend les bulletins qui auraient pu citer les deux\u00a0: un bulletin qui place l’une au-dessus de l’autre, ou qui cite l’une sans l’autre, compte comme une victoire pour elle. Un bulletin qui ne cite aucune des deux ne compte pas.',
    'Head to head compares two propositions directly. Take the ballots that could have named both: a ballot that puts one above the other, or names one and leaves out the other, counts as a win for that one. A ballot that names neither does not count.',
    'El cara a cara compara dos propuestas directamente. Se toman las papeletas que podían haber nombrado a las dos: una papeleta que pone una por encima de la otra, o que nombra una y deja fuera la otra, cuenta como victoria para ella. Una papeleta que no nombra ninguna de las dos no cuenta.',
    'Der direkte Vergleich stellt zwei Vorschläge einander gegenüber. Gezählt werden die Stimmzettel, die beide hätten nennen können: Ein Stimmzettel, der den einen über den anderen setzt oder nur einen von beiden nennt, ist ein Sieg für diesen. Ein Stimmzettel, der keinen der beiden nennt, zählt nicht.',
  ],
  'methodology.headToHead.winner': [
    'La proposition qui gagne son duel contre toutes les autres est la gagnante du face-à-face, aussi appelée gagnante de Condorcet. Il arrive qu’il n’y en ait pas\u00a0: deux propositions peuvent être à égalité, ou tourner en rond, A battant B, B battant C et C battant A.',
    'A proposition that wins its duel against every other one is the head-to-head winner, also called the Condorcet winner. Sometimes there is none: two propositions may be level, or they may go round in a circle, with A beating B, B beating C and C beating A.',
    'La propuesta que gana su duelo contra todas las demás es la ganadora del cara a cara, también llamada ganadora de Condorcet. A veces no la hay: dos propuestas pueden empatar, o formar un círculo en el que A gana a B, B gana a C y C gana a A.',
    'Der Vorschlag, der sein Duell gegen jeden anderen gewinnt, ist der Sieger im direkten Vergleich, auch Condorcet-Sieger genannt. Manchmal gibt es keinen: Zwei Vorschläge können gleichauf liegen, oder sie schlagen sich im Kreis, A schlägt B, B schlägt C und C schlägt A.',
  ],
  'methodology.headToHead.page': [
    'Chaque classement indique si la proposition en tête aux points est aussi la gagnante du face-à-face, et permet d’ouvrir chacun des duels de son top {{shown}}.',
    'Each ranking says whether its points leader is also the head-to-head winner, and lets you open every duel among its top {{shown}}.',
    'Cada clasificación indica si la propuesta con más puntos es también la ganadora del cara a cara, y permite abrir cada duelo de su top {{shown}}.',
    'Jedes Ranking zeigt, ob der Vorschlag mit den meisten Punkten auch den direkten Vergleich gewinnt, und du kannst jedes Duell seiner Top {{shown}} aufklappen.',
  ],

  'methodology.eligible.title': [
    'Quels bulletins comptent',
    'Which ballots count',
    'Qué papeletas cuentan',
    'Welche Stimmzettel zählen',
  ],
  'methodology.eligible.when': [
    'Un bulletin compte dans la moyenne et les duels d’une proposition seulement s’il a été déposé alors qu’elle existait. C’est la dernière fois que son auteur l’a enregistré qui fait foi\u00a0: un bulletin modifié pour la dernière fois avant l’ajout de la proposition n’a jamais pu la citer.',
    'A ballot counts towards a proposition’s average and duels only if it was cast while the proposition existed. What matters is when its voter last submitted it: a ballot last changed before the proposition was added never had a chance to name it.',
    'Una papeleta cuenta para la media y los duelos de una propuesta solo si se emitió cuando la propuesta ya existía. Lo que vale es la última vez que su autor la guardó: una papeleta modificada por última vez antes de que se añadiera la propuesta nunca pudo nombrarla.',
    'Ein Stimmzettel zählt für den Durchschnitt und die Duelle eines Vorschlags nur, wenn er abgegeben wurde, als es den Vorschlag schon gab. Maßgeblich ist, wann er zuletzt gespeichert wurde: Ein Stimmzettel, der zuletzt vor dem Hinzufügen des Vorschlags geändert wurde, konnte ihn nie nennen.',
  ],
  'methodology.eligible.why': [
    'Ainsi, une proposition ajoutée aujourd’hui n’est pas comptée comme «\u00a0non choisie\u00a0» par les bulletins du mois dernier, dont les auteurs ne l’ont jamais vue.',
    'That way, a proposition added today is not counted as “not chosen” by last month’s ballots, whose voters never saw it.',
    'Así, una propuesta añadida hoy no cuenta como «no elegida» en las papeletas del mes pasado, cuyos autores nunca la vieron.',
    'So zählt ein heute hinzugefügter Vorschlag auf den Stimmzetteln vom letzten Monat nicht als „nicht gewählt“: Wer damals abgestimmt hat, konnte ihn gar nicht sehen.',
  ],
  'methodology.eligible.totals': [
    'Les totaux de points, eux, additionnent chaque bulletin qui compte, quelle que soit sa date.',
    'Points totals are different: every ballot that counts adds to them, whenever it was cast.',
    'Los totales de puntos, en cambio, suman cada papeleta que cuenta, sea cual sea su fecha.',
    'In die Gesamtpunkte fließt dagegen jeder Stimmzettel ein, der zählt, egal wann er abgegeben wurde.',
  ],

  'methodology.windows.title': [
    'Périodes, historique et tendances',
    'Periods, history and what is rising',
    'Periodos, historial y tendencias',
    'Zeiträume, Verlauf und Aufsteiger',
  ],
  'methodology.windows.periods': [
    'Un classement peut se lire depuis le début, ou sur les 365, 30 ou 7 derniers jours. Une période glisse avec le temps : « cette semaine » compte les bulletins des 7 derniers jours jusqu’à maintenant, et un bulletin en sort sept jours après son vote.',
    'A ranking can be read over all time, or over the last 365, 30 or 7 days. A period moves with time: “this week” counts the ballots of the last 7 days up to now, and a ballot leaves it seven days after it was cast.',
    'Una clasificación puede leerse desde siempre, o sobre los últimos 365, 30 o 7 días. Un periodo avanza con el tiempo: «esta semana» cuenta las papeletas de los últimos 7 días hasta ahora, y una papeleta sale de él siete días después de emitirse.',
    'Ein Ranking lässt sich insgesamt lesen oder über die letzten 365, 30 oder 7 Tage. Ein Zeitraum wandert mit der Zeit: „Diese Woche“ zählt die Stimmzettel der letzten 7 Tage bis jetzt, und ein Stimmzettel fällt sieben Tage nach seiner Abgabe heraus.',
  ],
  'methodology.windows.current': [
    'Un bulletin compte dans une période si son auteur l’a enregistré pour la dernière fois pendant cette période, tel qu’il est aujourd’hui. Un bulletin modifié il y a trois jours compte cette semaine avec ses nouveaux choix, et ses choix d’avant ne comptent nulle part. Un bulletin retiré ne compte dans aucune période.',
    'A ballot counts in a period if its voter last submitted it during that period, as it stands today. A ballot changed three days ago counts this week with its new choices, and its earlier choices count nowhere. A withdrawn ballot counts in no period.',
    'Una papeleta cuenta en un periodo si su autor la guardó por última vez durante ese periodo, tal como está hoy. Una papeleta modificada hace tres días cuenta esta semana con sus nuevas elecciones, y las anteriores no cuentan en ninguna parte. Una papeleta retirada no cuenta en ningún periodo.',
    'Ein Stimmzettel zählt in einem Zeitraum, wenn er in diesem Zeitraum zuletzt gespeichert wurde, so wie er heute ist. Ein vor drei Tagen geänderter Stimmzettel zählt diese Woche mit seiner neuen Wahl, die frühere zählt nirgends. Ein zurückgezogener Stimmzettel zählt in keinem Zeitraum.',
  ],
  'methodology.windows.figures': [
    'Dans une période, les points, les places, la moyenne et sa fourchette ne comptent que ses bulletins, et seules les propositions qu’ils citent sont classées. Le face-à-face compte toujours tous les bulletins, depuis le début : un duel a besoin de chaque bulletin qui pouvait citer les deux.',
    'Within a period, points, places, the average and its likely range count only its ballots, and only the propositions they name are ranked. Head to head always counts every ballot, all time: a duel needs every ballot that could name both.',
    'Dentro de un periodo, los puntos, los puestos, la media y su horquilla cuentan solo sus papeletas, y solo se clasifican las propuestas que estas nombran. El cara a cara cuenta siempre todas las papeletas, desde siempre: un duelo necesita cada papeleta que podía nombrar a las dos.',
    'Innerhalb eines Zeitraums zählen Punkte, Plätze, Durchschnitt und seine Spanne nur dessen Stimmzettel, und nur die Vorschläge, die sie nennen, werden gerankt. Der direkte Vergleich zählt immer alle Stimmzettel, insgesamt: Ein Duell braucht jeden Stimmzettel, der beide nennen konnte.',
  ],
  'methodology.windows.history': [
    'Chaque nuit, Podium garde le top 10 de chaque classement qui a changé dans la journée (à minuit UTC). La petite courbe à côté d’une proposition montre sa place depuis le début, jour après jour, sur les 90 derniers jours, et sa place d’aujourd’hui en direct ; en haut de la courbe, la 1re place. Un jour où elle n’était pas dans le top 10, la courbe s’interrompt.',
    'Every night, Podium keeps the top 10 of each ranking that changed during the day (at midnight UTC). The small line beside a proposition shows its all-time place, day by day, over the last 90 days, and today’s place live; the top of the line is 1st place. On a day it was not in the top 10, the line breaks.',
    'Cada noche, Podium guarda el top 10 de cada clasificación que cambió durante el día (a medianoche UTC). La pequeña línea junto a una propuesta muestra su puesto desde siempre, día a día, en los últimos 90 días, y su puesto de hoy en directo; arriba de la línea está el 1.er puesto. Un día en que no estaba en el top 10, la línea se corta.',
    'Jede Nacht hält Podium die Top 10 jedes Rankings fest, das sich am Tag geändert hat (um Mitternacht UTC). Die kleine Linie neben einem Vorschlag zeigt seinen Platz insgesamt, Tag für Tag, über die letzten 90 Tage, und seinen heutigen Platz live; oben auf der Linie ist Platz 1. An einem Tag außerhalb der Top 10 ist die Linie unterbrochen.',
  ],
  'methodology.windows.rising': [
    '« En hausse cette semaine », sur la page d’accueil, montre les sujets qui ont reçu le plus de bulletins ces 7 derniers jours, et les propositions qui ont gagné le plus de places depuis une semaine.',
    '“Rising this week”, on the home page, shows the topics that received the most ballots in the last 7 days, and the propositions that gained the most places over the week.',
    '«En alza esta semana», en la página de inicio, muestra los temas que recibieron más papeletas en los últimos 7 días y las propuestas que más puestos ganaron en la semana.',
    '„Diese Woche im Aufwind“ auf der Startseite zeigt die Themen mit den meisten Stimmzetteln der letzten 7 Tage und die Vorschläge, die in der Woche die meisten Plätze gewonnen haben.',
  ],

  'methodology.castAndCounted.title': [
    'Bulletins déposés et bulletins comptés',
    'Ballots cast and ballots counted',
    'Papeletas emitidas y papeletas contadas',
    'Abgegebene und gezählte Stimmzettel',
  ],
  'methodology.castAndCounted.kept': [
    'Chaque bulletin déposé est conservé, mais seuls les bulletins comptés font les chiffres d’un classement\u00a0: les totaux, la moyenne et son intervalle, et les face-à-face. Tant que certains bulletins d’un sujet ne comptent pas encore, sa page dit combien ont été déposés et combien sont comptés.',
    'Every ballot cast is kept, but only counted ballots make a ranking’s figures: the totals, the average and its interval, and the head-to-head duels. While some of a topic’s ballots do not count yet, its page says how many were cast and how many are counted.',
    'Todas las papeletas emitidas se conservan, pero solo las contadas forman las cifras de una clasificación: los totales, la media y su intervalo, y los cara a cara. Mientras algunas papeletas de un tema aún no cuentan, su página indica cuántas se emitieron y cuántas se cuentan.',
    'Jeder abgegebene Stimmzettel wird aufbewahrt, aber nur die gezählten ergeben die Zahlen eines Rankings: die Gesamtpunkte, den Durchschnitt mit seinem Intervall und den direkten Vergleich. Solange einige Stimmzettel eines Themas noch nicht zählen, zeigt seine Seite, wie viele abgegeben und wie viele gezählt sind.',
  ],
  'methodology.castAndCounted.wait': [
    'Un bulletin peut attendre avant de compter, pour l’une de ces raisons\u00a0: le compte est plus récent que l’ancienneté minimale fixée par les modérateurs\u00a0; son adresse e-mail n’est pas confirmée alors que les modérateurs demandent des adresses confirmées\u00a0; ou le compte a été désactivé.',
    'A ballot may wait before it counts, for one of these reasons: the account is newer than the minimum age the moderators have set; its e-mail address is not confirmed while the moderators ask for confirmed addresses; or the account has been deactivated.',
    'Una papeleta puede esperar antes de contar, por uno de estos motivos: la cuenta es más reciente que la antigüedad mínima que fijaron los moderadores; su dirección de correo no está confirmada cuando los moderadores piden direcciones confirmadas; o la cuenta está desactivada.',
    'Ein Stimmzettel kann warten, bevor er zählt, aus einem dieser Gründe: Das Konto ist jünger als das Mindestalter, das die Moderation festgelegt hat; seine E-Mail-Adresse ist nicht bestätigt, während die Moderation bestätigte Adressen verlangt; oder das Konto wurde deaktiviert.',
  ],
  'methodology.castAndCounted.automatic': [
    'Il n’y a rien à refaire\u00a0: un bulletin en attente compte de lui-même dès que la condition est remplie, en quelques minutes au plus. Son auteur voit sur son bulletin ce qu’il attend.',
    'There is nothing to do again: a waiting ballot counts by itself as soon as its condition is met, within a few minutes at most. Its voter sees on their ballot what it is waiting for.',
    'No hay que volver a votar: una papeleta en espera cuenta sola en cuanto se cumple la condición, en pocos minutos como mucho. Quien la emitió ve en su papeleta qué está esperando.',
    'Du musst nichts wiederholen: Ein wartender Stimmzettel zählt von selbst, sobald die Bedingung erfüllt ist, spätestens nach wenigen Minuten. Wer abgestimmt hat, sieht an seinem Stimmzettel, worauf er wartet.',
  ],
  'methodology.castAndCounted.bursts': [
    'Chaque minute, Podium cherche les rafales\u00a0: beaucoup de bulletins pour une même proposition en quelques minutes, venant de comptes créés à peu d’intervalle ou d’un même réseau (seule la partie réseau de l’adresse est gardée avec un bulletin, pendant 30 jours). Une rafale signalée n’est qu’un indice\u00a0: aucun bulletin ne sort du compte avant qu’un modérateur l’ait examinée. Les seuils exacts sont fixés par les modérateurs et ne sont pas publiés, pour qu’on ne puisse pas passer juste en dessous.',
    'Every minute, Podium looks for bursts: many ballots for the same proposition within minutes, from accounts created close together or from one network (only the network part of an address is kept with a ballot, for 30 days). A flagged burst is only a hint: no ballot leaves the count until a moderator has looked at it. The exact thresholds are set by the moderators and not published, so that nobody can stay just below them.',
    'Cada minuto, Podium busca avalanchas: muchas papeletas para una misma propuesta en pocos minutos, de cuentas creadas casi a la vez o desde una misma red (solo se guarda con la papeleta la parte de red de la dirección, durante 30 días). Una avalancha señalada es solo un indicio: ninguna papeleta sale del recuento antes de que un moderador la revise. Los umbrales exactos los fijan los moderadores y no se publican, para que nadie pueda quedarse justo por debajo.',
    'Podium sucht jede Minute nach Häufungen: viele Stimmzettel für denselben Vorschlag innerhalb weniger Minuten, von kurz nacheinander angelegten Konten oder aus einem Netz (nur der Netzanteil der Adresse wird mit dem Stimmzettel aufbewahrt, 30 Tage lang). Eine gemeldete Häufung ist nur ein Hinweis: Kein Stimmzettel verlässt die Zählung, bevor die Moderation sie geprüft hat. Die genauen Schwellen legt die Moderation fest und veröffentlicht sie nicht, damit niemand knapp darunter bleiben kann.',
  ],
  'methodology.castAndCounted.quarantine': [
    'Quand un afflux inhabituel de bulletins arrive sur un sujet, les modérateurs peuvent les mettre en quarantaine\u00a0: ils restent hors du compte le temps d’être examinés, et comptent de nouveau une fois rétablis.',
    'When an unusual burst of ballots reaches a topic, moderators may put them in quarantine: they stay out of the count while they are reviewed, and count again once restored.',
    'Cuando llega a un tema una avalancha inusual de papeletas, los moderadores pueden ponerlas en cuarentena: quedan fuera del recuento mientras se revisan, y vuelven a contar una vez restablecidas.',
    'Kommt bei einem Thema eine ungewöhnliche Häufung von Stimmzetteln an, kann die Moderation sie in Quarantäne nehmen: Sie bleiben aus der Zählung, solange sie geprüft werden, und zählen wieder, sobald sie freigegeben sind.',
  ],
};

/** The methodology page: how a ranking's figures are computed, in words a reader without statistics follows. */
export const methodologyCatalog: FeatureCatalog = catalogFromRows(texts);
