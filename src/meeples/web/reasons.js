// Why the engine refused an action (error code "illegal") or a new game's options (code
// "bad_request"), in French and Spanish. The server sends the engine's English text; this table
// rewrites its fixed phrases and leaves action strings, hex and square names as they are. No rule
// is decided here: a text the table does not know is shown in English.
//
// Each row: an anchored pattern and, per language, a replacement ("$1" for a group) or a
// function (match, tr) where tr translates a nested phrase (a reason inside "... is not legal").

const SIDE = { fr: { South: "Sud", North: "Nord" }, es: { South: "Sur", North: "Norte" } };
const PIECE = { fr: { hero: "un héros", warrior: "un guerrier" }, es: { hero: "un héroe", warrior: "un guerrero" } };
const RESOURCE = { fr: { wood: "bois", food: "nourriture", stone: "pierre" },
  es: { wood: "madera", food: "comida", stone: "piedra" } };
const FACE = { fr: { sun: "soleil", moon: "lune", blank: "blanc" }, es: { sun: "sol", moon: "luna", blank: "vacío" } };
const ROW = { fr: { GROW: "CROÎTRE", MOVE: "DÉPLACER", GATHER: "RÉCOLTER", LEAD: "DIRIGER" },
  es: { GROW: "CRECER", MOVE: "MOVER", GATHER: "RECOLECTAR", LEAD: "LIDERAR" } };
// Meeple War building actions by their printed English names.
const ACTION = {
  fr: { "Building Construction": "Construction de bâtiment", "Meeple Assembly": "Assemblage",
    "Deploy Troops": "Déployer des troupes", Reinforcement: "Renfort", "Flying Troops": "Troupes volantes",
    "Stealth Flying Troops": "Troupes volantes furtives", "Frightened Opponent Troops": "Effrayer les troupes adverses",
    "Burn an Opponent's Army": "Brûler une armée adverse", "Bomb a Building": "Bombarder un bâtiment",
    Recycling: "Recyclage", Conversion: "Conversion", Productivity: "Productivité",
    "Territory Upgrade": "Amélioration de territoire" },
  es: { "Building Construction": "Construcción de edificios", "Meeple Assembly": "Ensamblaje de meeples",
    "Deploy Troops": "Desplegar tropas", Reinforcement: "Refuerzo", "Flying Troops": "Tropas voladoras",
    "Stealth Flying Troops": "Tropas voladoras sigilosas", "Frightened Opponent Troops": "Asustar tropas rivales",
    "Burn an Opponent's Army": "Quemar un ejército rival", "Bomb a Building": "Bombardear un edificio",
    Recycling: "Reciclaje", Conversion: "Conversión", Productivity: "Productividad",
    "Territory Upgrade": "Mejora de territorio" },
};
// Rise of Tribes leader powers (§4.6) by their English names.
export const LEADER_POWER = {
  fr: { Trader: "Marchand", "Crafty Builders": "Bâtisseurs rusés", Cunning: "Ruse",
    Agriculture: "Agriculture", Farming: "Culture", Exogamy: "Exogamie", Wayfarers: "Voyageurs",
    "Focused Effort": "Effort concentré", Ambush: "Embuscade", Dreamtime: "Temps du rêve",
    Pathfinder: "Éclaireur", Evasion: "Évasion", "Shared Bounty": "Abondance partagée",
    Intimidate: "Intimidation", "Hidden Village": "Village caché",
    "Light in the Dark": "Lumière dans les ténèbres" },
  es: { Trader: "Comerciante", "Crafty Builders": "Constructores astutos", Cunning: "Astucia",
    Agriculture: "Agricultura", Farming: "Cultivo", Exogamy: "Exogamia", Wayfarers: "Caminantes",
    "Focused Effort": "Esfuerzo concentrado", Ambush: "Emboscada", Dreamtime: "Tiempo del sueño",
    Pathfinder: "Explorador", Evasion: "Evasión", "Shared Bounty": "Abundancia compartida",
    Intimidate: "Intimidación", "Hidden Village": "Aldea oculta",
    "Light in the Dark": "Luz en la oscuridad" },
};
const QUOTE = "(['\"])(.*)\\1"; // a Python repr of the action: 'b2-b4' (or "..." when it holds ')

// Look a word up in a per-language map; an unknown word counts as untranslated.
function lookup(map, lang, word, tr) {
  return map[lang][word] ?? tr(word);
}

const PHRASES = [
  // The engine core: the action, then the game's own reason.
  [new RegExp(`^${QUOTE} is not legal: (.+)$`), {
    fr: (m, tr) => `« ${m[2]} » n'est pas permis : ${tr(m[3])}`,
    es: (m, tr) => `«${m[2]}» no está permitido: ${tr(m[3])}` }],
  [new RegExp(`^${QUOTE}: the game is over$`), { fr: "« $2 » : la partie est terminée", es: "«$2»: la partida ha terminado" }],
  [new RegExp(`^${QUOTE} is not a (Sparta|Meeple War|Rise of Tribes) action \\((.+)\\)$`), {
    fr: (m, tr) => `« ${m[2]} » n'est pas une action de ${m[3]} (${tr(m[4])})`,
    es: (m, tr) => `«${m[2]}» no es una acción de ${m[3]} (${tr(m[4])})` }],
  [/^write a move as (\S+), a promotion as (\S+), or pass$/, {
    fr: "écrivez un déplacement comme $1, une promotion comme $2, ou pass",
    es: "escribe un movimiento como $1, una promoción como $2, o pass" }],
  [/^e\.g\. (.+)$/, { fr: "p. ex. $1", es: "p. ej. $1" }],
  [/^an action is a text, not (\w+)$/, { fr: "une action est un texte, pas $1", es: "una acción es un texto, no $1" }],
  [/^there is no player (\d+) in a (\d+)-player game$/, {
    fr: "il n'y a pas de joueur $1 dans une partie à $2 joueurs", es: "no hay jugador $1 en una partida de $2 jugadores" }],
  [/^the game is over$/, { fr: "la partie est terminée", es: "la partida ha terminado" }],
  // New games: options and player counts.
  [/^option '(.+)' takes true or false, not (.+)$/, {
    fr: "l'option « $1 » vaut true ou false, pas $2", es: "la opción «$1» admite true o false, no $2" }],
  [/^option '(.+)' takes a whole number, not (.+)$/, {
    fr: "l'option « $1 » attend un nombre entier, pas $2", es: "la opción «$1» espera un número entero, no $2" }],
  [/^option '(.+)' takes a text, not (.+)$/, {
    fr: "l'option « $1 » attend un texte, pas $2", es: "la opción «$1» espera un texto, no $2" }],
  [/^option '(.+)' must be one of (.+), not (.+)$/, {
    fr: "l'option « $1 » doit valoir l'une de ces valeurs : $2 ; pas $3",
    es: "la opción «$1» debe ser uno de estos valores: $2; no $3" }],
  [/^option '(.+)' takes true, false or a list of tile names$/, {
    fr: "l'option « $1 » vaut true, false ou une liste de noms de tuiles",
    es: "la opción «$1» admite true, false o una lista de nombres de losetas" }],
  [/^option '(.+)': (.+)$/, {
    fr: (m, tr) => `option « ${m[1]} » : ${tr(m[2])}`, es: (m, tr) => `opción «${m[1]}»: ${tr(m[2])}` }],
  [/^'pick' needs the leader powers \(option 'leaders' true\)$/, {
    fr: "« pick » demande les pouvoirs des chefs (option « leaders » à true)",
    es: "«pick» requiere los poderes de líder (opción «leaders» en true)" }],
  [/^no scenario tile '(.+)'$/, { fr: "aucune tuile de scénario ne s'appelle « $1 »", es: "no hay ninguna loseta de escenario «$1»" }],
  [/^players must be a whole number, not (.+)$/, {
    fr: "le nombre de joueurs doit être un entier, pas $1", es: "el número de jugadores debe ser un entero, no $1" }],
  [/^(.+) is played by (\d+) to (\d+) players, not (\d+)$/, {
    fr: "$1 se joue de $2 à $3 joueurs, pas à $4", es: "$1 se juega de $2 a $3 jugadores, no con $4" }],
  [/^(.+) is played by (\d+) players, not (\d+)$/, {
    fr: "$1 se joue à $2 joueurs, pas à $3", es: "$1 se juega con $2 jugadores, no con $3" }],
  [/^(.+) has no option '(.+)' \(options: (.+)\)$/, {
    fr: "$1 n'a pas d'option « $2 » (options : $3)", es: "$1 no tiene la opción «$2» (opciones: $3)" }],
  [/^seed must be a whole number, not (.+)$/, {
    fr: "la graine doit être un nombre entier, pas $1", es: "la semilla debe ser un número entero, no $1" }],
  [/^a game started from a position takes its options from it$/, {
    fr: "une partie lancée depuis une position en reprend les options",
    es: "una partida que empieza desde una posición toma de ella sus opciones" }],
  [/^(\d+) players need (\d+) seats, not (\d+)$/, {
    fr: "$1 joueurs demandent $2 places, pas $3", es: "$1 jugadores necesitan $2 puestos, no $3" }],
  [/^this is not a playable (.+) position$/, {
    fr: "ce n'est pas une position jouable de $1", es: "esta no es una posición jugable de $1" }],

  // Sparta.
  [/^you may pass only when you have no move and no promotion$/, {
    fr: "vous ne pouvez passer que si vous n'avez ni déplacement ni promotion",
    es: "solo puedes pasar si no tienes ningún movimiento ni promoción" }],
  [/^there is no piece on (\w+)$/, { fr: "il n'y a pas de pièce en $1", es: "no hay ninguna pieza en $1" }],
  [/^the piece on (\w+) is (South|North)'s; (South|North) is to move$/, {
    fr: (m) => `la pièce en ${m[1]} appartient au ${SIDE.fr[m[2]]} ; c'est au ${SIDE.fr[m[3]]} de jouer`,
    es: (m) => `la pieza de ${m[1]} es del ${SIDE.es[m[2]]}; mueve el ${SIDE.es[m[3]]}` }],
  [/^the piece on (\w+) is already a hero$/, { fr: "la pièce en $1 est déjà un héros", es: "la pieza de $1 ya es un héroe" }],
  [/^(\w+) is not one of your cities$/, { fr: "$1 n'est pas l'une de vos cités", es: "$1 no es una de tus ciudades" }],
  [/^no hero is left in your reserve$/, {
    fr: "il ne reste aucun héros dans votre réserve", es: "no te queda ningún héroe en la reserva" }],
  [/^(\w+) is occupied$/, { fr: "la case $1 est occupée", es: "la casilla $1 está ocupada" }],
  [/^a (hero|warrior) moves at most (\d+) steps$/, {
    fr: (m) => `${PIECE.fr[m[1]]} se déplace d'au plus ${m[2]} cases`,
    es: (m) => `${PIECE.es[m[1]]} se mueve como mucho ${m[2]} casillas` }],
  [/^no path of free squares leads from (\w+) to (\w+) in (\d+) steps$/, {
    fr: "aucun chemin de cases libres ne mène de $1 à $2 en $3 pas",
    es: "ningún camino de casillas libres lleva de $1 a $2 en $3 pasos" }],

  // Meeple War: the reason, then what the player to move must do.
  [/^(?:(.+); )?player (\d+) must now (.+) \(legal: (.*)\)$/, {
    fr: (m, tr) => `${m[1] ? `${tr(m[1])} ; ` : ""}le joueur ${m[2]} doit maintenant ${tr(m[3])} (permis : ${m[4]})`,
    es: (m, tr) => `${m[1] ? `${tr(m[1])}; ` : ""}el jugador ${m[2]} debe ahora ${tr(m[3])} (permitido: ${m[4]})` }],
  [/^place a Tree or upgrade token, or done$/, {
    fr: "poser un Arbre ou un jeton d'amélioration, ou done", es: "poner un Árbol o una ficha de mejora, o done" }],
  [/^take a territory bonus, or done$/, { fr: "prendre un bonus de territoire, ou done", es: "tomar un bono de territorio, o done" }],
  [/^choose the branch of a worker$/, { fr: "choisir la branche d'un ouvrier", es: "elegir la rama de un trabajador" }],
  [/^carry out a building action, or done$/, {
    fr: "effectuer une action de bâtiment, ou done", es: "realizar una acción de edificio, o done" }],
  [/^choose a territory for a Flying Troops meeple, or done$/, {
    fr: "choisir un territoire pour un meeple des Troupes volantes, ou done",
    es: "elegir un territorio para un meeple de Tropas voladoras, o done" }],
  [/^frighten an opponent's meeple to an adjacent territory, or done$/, {
    fr: "effrayer un meeple adverse vers un territoire voisin, ou done",
    es: "asustar a un meeple rival hacia un territorio vecino, o done" }],
  [/^move meeples, or done$/, { fr: "déplacer des meeples, ou done", es: "mover meeples, o done" }],
  [/^choose the next hex to explore$/, { fr: "choisir le prochain hexagone à explorer", es: "elegir el próximo hexágono que explorar" }],
  [/^choose the rotation of the explored tile$/, {
    fr: "choisir l'orientation de la tuile explorée", es: "elegir la orientación de la loseta explorada" }],
  [/^choose the next battle$/, { fr: "choisir la prochaine bataille", es: "elegir la próxima batalla" }],
  [/^nothing: the game is over$/, { fr: "rien : la partie est terminée", es: "nada: la partida ha terminado" }],
  [/^choose an altar kill, or done$/, { fr: "choisir une victime de l'autel, ou done", es: "elegir una víctima del altar, o done" }],
  [/^jump through the tunnel, or done$/, { fr: "sauter par le tunnel, ou done", es: "saltar por el túnel, o done" }],
  [/^choose the meeple for the Reputation Mountain$/, {
    fr: "choisir le meeple pour la Montagne de la réputation", es: "elegir el meeple para la Montaña de la reputación" }],
  [/^slot (\d+) has no action due now$/, {
    fr: "l'emplacement $1 n'a aucune action à mener maintenant", es: "el espacio $1 no tiene ninguna acción pendiente ahora" }],
  [/^the action due on slot (\d+) is (.+)$/, {
    fr: (m, tr) => `l'action à mener sur l'emplacement ${m[1]} est ${lookup(ACTION, "fr", m[2], tr)}`,
    es: (m, tr) => `la acción pendiente en el espacio ${m[1]} es ${lookup(ACTION, "es", m[2], tr)}` }],
  [/^(.+) places at most (\d+)$/, {
    fr: (m, tr) => `${lookup(ACTION, "fr", m[1], tr)} place au plus ${m[2]}`,
    es: (m, tr) => `${lookup(ACTION, "es", m[1], tr)} coloca como mucho ${m[2]}` }],
  [/^your stock holds only (\d+)$/, { fr: "votre réserve ne contient que $1", es: "tu reserva solo tiene $1" }],
  [/^your Depot holds only (\d+)$/, { fr: "votre Dépôt ne contient que $1", es: "tu Depósito solo tiene $1" }],
  [/^that target is not open to (.+)$/, {
    fr: (m, tr) => `cette cible n'est pas ouverte à ${lookup(ACTION, "fr", m[1], tr)}`,
    es: (m, tr) => `ese objetivo no está abierto a ${lookup(ACTION, "es", m[1], tr)}` }],
  [/^the worker of slot (\d+) is not the one to move now$/, {
    fr: "ce n'est pas à l'ouvrier de l'emplacement $1 d'avancer maintenant",
    es: "ahora no le toca moverse al trabajador del espacio $1" }],
  [/^the worker of slot (\d+) cannot go to (.+)$/, {
    fr: "l'ouvrier de l'emplacement $1 ne peut pas aller en $2", es: "el trabajador del espacio $1 no puede ir a $2" }],
  [/^you have no meeple on (\S+)$/, { fr: "vous n'avez aucun meeple en $1", es: "no tienes ningún meeple en $1" }],
  [/^your meeples on (\S+) have moved or were placed among opponents this turn$/, {
    fr: "vos meeples en $1 ont déjà bougé ou ont été placés parmi des adversaires ce tour-ci",
    es: "tus meeples en $1 ya se movieron o se colocaron entre rivales este turno" }],
  [/^a move takes at least 1 meeple$/, { fr: "un déplacement emmène au moins 1 meeple", es: "un movimiento lleva al menos 1 meeple" }],
  [/^only (\d+) of your meeples on (\S+) may still move$/, {
    fr: "seuls $1 de vos meeples en $2 peuvent encore bouger", es: "solo $1 de tus meeples en $2 pueden moverse todavía" }],
  [/^(\S+) has only (\d+) free defense spaces$/, {
    fr: "$1 n'a que $2 places de défense libres", es: "$1 solo tiene $2 espacios de defensa libres" }],
  [/^meeples never enter an empty space inside a village$/, {
    fr: "les meeples n'entrent jamais dans un emplacement vide d'un village",
    es: "los meeples nunca entran en un espacio vacío de una aldea" }],
  [/^you never move onto your own buildings$/, {
    fr: "vous n'entrez jamais dans vos propres bâtiments", es: "nunca entras en tus propios edificios" }],
  [/^(\S+) is not next to (\S+)$/, { fr: "$1 n'est pas voisin de $2", es: "$1 no es vecino de $2" }],
  [/^forest closes the edge between (\S+) and (\S+)$/, {
    fr: "la forêt ferme le côté entre $1 et $2", es: "el bosque cierra el lado entre $1 y $2" }],
  [/^the pile has no tile left for another exploration this turn$/, {
    fr: "la pioche n'a plus de tuile pour une autre exploration ce tour-ci",
    es: "no quedan losetas en la pila para otra exploración este turno" }],
  [/^(\S+) cannot be reached from (\S+)$/, { fr: "$1 est hors d'atteinte depuis $2", es: "$1 no se alcanza desde $2" }],

  // Rise of Tribes: the reason, or what the player to move must do.
  [/^player (\d+) must (.+) now \(e\.g\. (.*)\)$/, {
    fr: (m, tr) => `le joueur ${m[1]} doit maintenant ${tr(m[2])} (p. ex. ${m[3]})`,
    es: (m, tr) => `el jugador ${m[1]} debe ahora ${tr(m[2])} (p. ej. ${m[3]})` }],
  [/^choose a leader power for the whole game$/, {
    fr: "choisir un pouvoir de chef pour toute la partie", es: "elegir un poder de líder para toda la partida" }],
  [/^a leader power is picked only with the option leader_powers=pick$/, {
    fr: "on ne choisit un pouvoir de chef qu'avec l'option leader_powers=pick",
    es: "solo se elige un poder de líder con la opción leader_powers=pick" }],
  [/^the leader powers were picked before the starting tribes were placed$/, {
    fr: "les pouvoirs des chefs ont été choisis avant de placer les tribus de départ",
    es: "los poderes de líder se eligieron antes de colocar las tribus iniciales" }],
  [/^(.+) is not a leader power of the (\w+) \(choose (.+) or (.+)\)$/, {
    fr: (m, tr) => `${lookup(LEADER_POWER, "fr", m[1], tr)} n'est pas un pouvoir de chef des ${m[2]} (choisissez ${lookup(LEADER_POWER, "fr", m[3], tr)} ou ${lookup(LEADER_POWER, "fr", m[4], tr)})`,
    es: (m, tr) => `${lookup(LEADER_POWER, "es", m[1], tr)} no es un poder de líder de los ${m[2]} (elige ${lookup(LEADER_POWER, "es", m[3], tr)} o ${lookup(LEADER_POWER, "es", m[4], tr)})` }],
  [/^you picked (.+): (.+) is off for the whole game$/, {
    fr: (m, tr) => `vous avez choisi ${lookup(LEADER_POWER, "fr", m[1], tr)} : ${lookup(LEADER_POWER, "fr", m[2], tr)} est inactif toute la partie`,
    es: (m, tr) => `elegiste ${lookup(LEADER_POWER, "es", m[1], tr)}: ${lookup(LEADER_POWER, "es", m[2], tr)} queda inactivo toda la partida` }],
  [/^place the starting tribe$/, { fr: "placer la tribu de départ", es: "colocar la tribu inicial" }],
  [/^take a free resource$/, { fr: "prendre une ressource gratuite", es: "tomar un recurso gratis" }],
  [/^keep the roll or reroll one die \(Cunning\)$/, {
    fr: "garder le lancer ou relancer un dé (Ruse)", es: "quedarse con la tirada o volver a tirar un dado (Astucia)" }],
  [/^choose the hex for the event$/, { fr: "choisir l'hexagone de l'événement", es: "elegir el hexágono del evento" }],
  [/^choose where the volcano goes$/, { fr: "choisir où va le volcan", es: "elegir dónde va el volcán" }],
  [/^choose the hex to lose a member from \(Volcano\)$/, {
    fr: "choisir l'hexagone où perdre un membre (Volcan)", es: "elegir el hexágono donde perder un miembro (Volcán)" }],
  [/^build a village for 1 of each resource, or pass \(Abandoned Village\)$/, {
    fr: "bâtir un village pour 1 ressource de chaque sorte, ou passer (Village abandonné)",
    es: "construir una aldea por 1 recurso de cada tipo, o pasar (Aldea abandonada)" }],
  [/^raise the bid or pass \(Chieftain\)$/, { fr: "monter l'enchère ou passer (Chef)", es: "subir la puja o pasar (Cacique)" }],
  [/^hand out the winning bid$/, { fr: "distribuer l'enchère gagnante", es: "repartir la puja ganadora" }],
  [/^put a die on an action$/, { fr: "poser un dé sur une action", es: "poner un dado en una acción" }],
  [/^take one resource \(Light in the Dark\)$/, {
    fr: "prendre une ressource (Lumière dans les ténèbres)", es: "tomar un recurso (Luz en la oscuridad)" }],
  [/^add members \(GROW\) or stop$/, { fr: "ajouter des membres (CROÎTRE) ou arrêter", es: "añadir miembros (CRECER) o parar" }],
  [/^move members \(MOVE\) or stop$/, { fr: "déplacer des membres (DÉPLACER) ou arrêter", es: "mover miembros (MOVER) o parar" }],
  [/^take a resource from Discovery$/, { fr: "prendre une ressource de la Découverte", es: "tomar un recurso del Descubrimiento" }],
  [/^choose a hex to gather from, or stop$/, {
    fr: "choisir un hexagone où récolter, ou arrêter", es: "elegir un hexágono donde recolectar, o parar" }],
  [/^choose the gather bonus$/, { fr: "choisir le bonus de récolte", es: "elegir el bono de recolección" }],
  [/^recycle goals or draw \(LEAD\)$/, { fr: "recycler des objectifs ou piocher (DIRIGER)", es: "reciclar objetivos o robar (LIDERAR)" }],
  [/^put a drawn goal at the bottom of the deck \(Dreamtime\)$/, {
    fr: "glisser un objectif pioché sous le paquet (Temps du rêve)", es: "poner un objetivo robado debajo del mazo (Tiempo del sueño)" }],
  [/^choose the next conflict hex$/, { fr: "choisir le prochain hexagone en conflit", es: "elegir el próximo hexágono en conflicto" }],
  [/^evade or stay \(Evasion\)$/, { fr: "s'esquiver ou rester (Évasion)", es: "esquivar o quedarse (Evasión)" }],
  [/^use the Bow or pass$/, { fr: "utiliser l'Arc ou passer", es: "usar el Arco o pasar" }],
  [/^complete goals, build villages, or end the turn$/, {
    fr: "réaliser des objectifs, bâtir des villages ou finir le tour", es: "cumplir objetivos, construir aldeas o terminar el turno" }],
  [/^(\w+) is not one of your goals in progress$/, {
    fr: "$1 ne fait pas partie de vos objectifs en cours", es: "$1 no es uno de tus objetivos en curso" }],
  [/^your village costs ([\d/]+) wood\/food\/stone$/, {
    fr: "votre village coûte $1 bois/nourriture/pierre", es: "tu aldea cuesta $1 madera/comida/piedra" }],
  [/^(.+) costs ([\d/]+) wood\/food\/stone$/, {
    fr: "$1 coûte $2 bois/nourriture/pierre", es: "$1 cuesta $2 madera/comida/piedra" }],
  [/^(.+) costs (\d+) (wood|food|stone) now$/, {
    fr: (m) => `${m[1]} coûte maintenant ${m[2]} ${RESOURCE.fr[m[3]]}`,
    es: (m) => `${m[1]} cuesta ahora ${m[2]} de ${RESOURCE.es[m[3]]}` }],
  [/^the condition of (.+) is not met$/, { fr: "la condition de $1 n'est pas remplie", es: "no se cumple la condición de $1" }],
  [/^(.+) cannot be bought$/, { fr: "$1 ne s'achète pas", es: "$1 no se puede comprar" }],
  [/^(.+) is not in an event slot$/, {
    fr: "$1 n'est sur aucun emplacement d'événement", es: "$1 no está en ningún espacio de evento" }],
  [/^you have no die showing (sun|moon|blank) \((\w)\)$/, {
    fr: (m) => `vous n'avez aucun dé qui montre ${FACE.fr[m[1]]} (${m[2]})`,
    es: (m) => `no tienes ningún dado que muestre ${FACE.es[m[1]]} (${m[2]})` }],
  [/^the Mammoth is not on the board$/, { fr: "le Mammouth n'est pas sur le plateau", es: "el Mamut no está en el tablero" }],
  [/^the Mammoth needs (\d+) of your members in its hex$/, {
    fr: "le Mammouth demande $1 de vos membres dans son hexagone", es: "el Mamut requiere $1 de tus miembros en su hexágono" }],
  [/^taming the Mammoth costs (\d+) food$/, {
    fr: "apprivoiser le Mammouth coûte $1 nourriture", es: "domar el Mamut cuesta $1 de comida" }],
  [/^the Sabertooth Tiger is not on the board$/, {
    fr: "le Tigre à dents de sabre n'est pas sur le plateau", es: "el Tigre dientes de sable no está en el tablero" }],
  [/^hunting the tiger needs one of your members in its hex$/, {
    fr: "chasser le tigre demande un de vos membres dans son hexagone", es: "cazar el tigre requiere uno de tus miembros en su hexágono" }],
  [/^you already took (GROW|MOVE|GATHER|LEAD) this turn \(two different actions\)$/, {
    fr: (m) => `vous avez déjà pris ${ROW.fr[m[1]]} ce tour-ci (deux actions différentes)`,
    es: (m) => `ya tomaste ${ROW.es[m[1]]} este turno (dos acciones distintas)` }],
  [/^Focused Effort is a Kaha leader power \(advanced game\)$/, {
    fr: "Effort concentré est un pouvoir du chef des Kaha (jeu avancé)", es: "Esfuerzo concentrado es un poder del líder de los Kaha (juego avanzado)" }],
  [/^Focused Effort is used once per turn$/, {
    fr: "Effort concentré ne sert qu'une fois par tour", es: "Esfuerzo concentrado se usa una vez por turno" }],
  [/^the (GROW|MOVE|GATHER|LEAD) row would not read moon: Focused Effort only turns a moon power into the default one$/, {
    fr: (m) => `la rangée ${ROW.fr[m[1]]} ne donnerait pas lune : Effort concentré change seulement un pouvoir lune en pouvoir ordinaire`,
    es: (m) => `la fila ${ROW.es[m[1]]} no daría luna: Esfuerzo concentrado solo convierte un poder de luna en el normal` }],
  [/^a village goes on a hex with your members$/, {
    fr: "un village se bâtit sur un hexagone où vous avez des membres", es: "una aldea va en un hexágono con miembros tuyos" }],
  [/^that hex already has a village \(one per hex\)$/, {
    fr: "cet hexagone a déjà un village (un par hexagone)", es: "ese hexágono ya tiene una aldea (una por hexágono)" }],
  [/^the invaders forbid building in their hex$/, {
    fr: "les envahisseurs empêchent de bâtir dans leur hexagone", es: "los invasores impiden construir en su hexágono" }],
  [/^no village is left in the supply$/, { fr: "il ne reste aucun village dans la réserve", es: "no queda ninguna aldea en la reserva" }],
  [/^Tribal Elders are not in play$/, { fr: "les anciens de tribu ne sont pas en jeu", es: "los ancianos tribales no están en juego" }],
  [/^your elder is already on a village$/, { fr: "votre ancien est déjà sur un village", es: "tu anciano ya está en una aldea" }],
  [/^Crafty Builders: name the resource you pay less, e\.g\. '(.+)'$/, {
    fr: "Bâtisseurs rusés : nommez la ressource que vous payez en moins, p. ex. « $1 »",
    es: "Constructores astutos: indica el recurso que pagas de menos, p. ej. «$1»" }],
  [/^only the Daba \(Crafty Builders, advanced game\) pay one resource less$/, {
    fr: "seuls les Daba (Bâtisseurs rusés, jeu avancé) paient une ressource de moins",
    es: "solo los Daba (Constructores astutos, juego avanzado) pagan un recurso menos" }],
];

// Rewrite one phrase (the first row whose pattern matches); note what no row knows in missed.
function rewrite(text, lang, missed) {
  const tr = (part) => rewrite(part, lang, missed);
  for (const [pattern, forms] of PHRASES) {
    const match = pattern.exec(text);
    if (!match) continue;
    const form = forms[lang];
    return typeof form === "function" ? form(match, tr)
      : form.replace(/\$(\d)/g, (_, i) => match[Number(i)] ?? "");
  }
  missed.push(text);
  return text;
}

/** Return an engine's English reason in the given language (as is in English or when unknown). */
export function translateReason(text, lang) {
  if (!text || !(lang in SIDE)) return text;
  return rewrite(text, lang, []);
}

/** Return the parts of a reason the table does not know in a language (for the tests). */
export function untranslated(text, lang) {
  const missed = [];
  rewrite(text, lang, missed);
  return missed;
}
