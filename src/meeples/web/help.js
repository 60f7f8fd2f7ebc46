// Short rule summaries, written for Meeples in our own words (the server enforces the rules).

export const HELP = {
  sparta: {
    en: `
<p>Two players on a 10×10 board: South (yellow, moves first) and North (red). Each side starts
with 8 warriors on the board and 8 heroes waiting in reserve. Eight cities lie in the middle
rows, four of each colour.</p>
<h4>Your turn</h4>
<ul>
<li>Move one piece: a warrior goes 1 or 2 steps, a hero 1 to 3 steps, each step to a
neighbouring free square in any of the 8 directions; it may turn between steps.</li>
<li>Ending on one of your own cities turns a warrior into a hero from your reserve.</li>
<li>Ending on an enemy city conquers it: the city takes your colour.</li>
<li>Instead of moving, a warrior already standing on one of your cities may be promoted where it
stands.</li>
<li>If you cannot do anything, you pass.</li>
</ul>
<h4>Captures</h4>
<p>After each move, every unbroken row of pieces of one colour that has an enemy piece at both
ends (along a rank, a file or a diagonal) is removed, even your own pieces, even the piece that
just moved. Board edges and empty squares never close a row.</p>
<h4>Winning</h4>
<ul>
<li>Own all 8 cities, or bring your opponent down to a single piece.</li>
<li>When both sides have two pieces or fewer, the one with more cities wins (equal: a draw).
The same count decides when both players pass in a row, when a position occurs a third time,
or after 200 moves without a capture, conquest or promotion.</li>
</ul>
<h4>Playing here</h4>
<p>Click one of your highlighted pieces, then one of the highlighted squares. Promotion and pass
appear as buttons when they are possible.</p>`,
    fr: `
<p>Deux joueurs sur un plateau de 10×10 : Sud (jaune, commence) et Nord (rouge). Chaque camp
commence avec 8 guerriers sur le plateau et 8 héros en réserve. Huit cités occupent les rangées
du milieu, quatre de chaque couleur.</p>
<h4>Votre tour</h4>
<ul>
<li>Déplacez une pièce : un guerrier fait 1 ou 2 pas, un héros de 1 à 3 pas, chaque pas vers une
case voisine libre dans l'une des 8 directions ; il peut tourner entre deux pas.</li>
<li>Finir sur une de vos cités change un guerrier en héros pris dans votre réserve.</li>
<li>Finir sur une cité ennemie la conquiert : elle prend votre couleur.</li>
<li>Au lieu de bouger, un guerrier déjà posé sur une de vos cités peut être promu sur place.</li>
<li>Si vous ne pouvez rien faire, vous passez.</li>
</ul>
<h4>Prises</h4>
<p>Après chaque coup, toute file continue de pièces d'une couleur encadrée aux deux bouts par
une pièce ennemie (en ligne, en colonne ou en diagonale) est retirée, même vos propres pièces,
même celle qui vient de bouger. Les bords et les cases vides n'encadrent jamais.</p>
<h4>Victoire</h4>
<ul>
<li>Possédez les 8 cités, ou réduisez l'adversaire à une seule pièce.</li>
<li>Quand chaque camp n'a plus que deux pièces ou moins, celui qui a le plus de cités gagne
(égalité : nulle). Ce même décompte tranche si les deux joueurs passent de suite, si une position
revient pour la troisième fois, ou après 200 coups sans prise, conquête ni promotion.</li>
</ul>
<h4>Jouer ici</h4>
<p>Cliquez une de vos pièces en surbrillance, puis une case en surbrillance. La promotion et le
passe apparaissent en boutons quand ils sont possibles.</p>`,
    es: `
<p>Dos jugadores en un tablero de 10×10: Sur (amarillo, empieza) y Norte (rojo). Cada bando
empieza con 8 guerreros en el tablero y 8 héroes en reserva. Ocho ciudades ocupan las filas
centrales, cuatro de cada color.</p>
<h4>Tu turno</h4>
<ul>
<li>Mueve una pieza: un guerrero avanza 1 o 2 pasos, un héroe de 1 a 3, cada paso a una casilla
vecina libre en cualquiera de las 8 direcciones; puede girar entre pasos.</li>
<li>Terminar en una ciudad propia convierte al guerrero en un héroe de tu reserva.</li>
<li>Terminar en una ciudad enemiga la conquista: pasa a tu color.</li>
<li>En lugar de mover, un guerrero que ya está en una ciudad tuya puede ascender allí mismo.</li>
<li>Si no puedes hacer nada, pasas.</li>
</ul>
<h4>Capturas</h4>
<p>Tras cada jugada, toda hilera continua de piezas de un color con una pieza enemiga en ambos
extremos (en fila, columna o diagonal) se retira, aunque sean tus piezas, aunque sea la que
acaba de moverse. Los bordes y las casillas vacías nunca cierran una hilera.</p>
<h4>Victoria</h4>
<ul>
<li>Ten las 8 ciudades, o deja al rival con una sola pieza.</li>
<li>Cuando ambos bandos tienen dos piezas o menos, gana quien tenga más ciudades (igual: empate).
La misma cuenta decide si ambos pasan seguidos, si una posición se repite por tercera vez o tras
200 jugadas sin captura, conquista ni ascenso.</li>
</ul>
<h4>Jugar aquí</h4>
<p>Haz clic en una de tus piezas resaltadas y luego en una casilla resaltada. El ascenso y el pase
aparecen como botones cuando son posibles.</p>`,
  },
  rise_of_tribes: {
    en: `
<p>Two to four prehistoric tribes share a small map of forests, lakes and mountains. Reach 15
victory points first to win at once.</p>
<h4>Your turn</h4>
<ol>
<li>Score one point per village you own.</li>
<li>Roll your two dice (sun, moon or blank). A double brings out an event.</li>
<li>Use each die on a different action: put it at the front of that action's row; the die pushed
off the end goes to the next player. The three dice now in the row decide the strength: two or more
suns give the strong version, two or more moons a special one, otherwise the basic one.
<ul><li><strong>Grow</strong>: add members where you already are.</li>
<li><strong>Move</strong>: move members to neighbouring hexes.</li>
<li><strong>Gather</strong>: take wood, food or stone from the hexes you occupy.</li>
<li><strong>Lead</strong>: draw goal cards.</li></ul></li>
<li>Any hex holding more than five members has a conflict: everyone there loses members one at a
time until one tribe is left (and at most five).</li>
<li>Complete goals (pay resources for developments, or meet conditions for achievements) and
build villages on hexes you occupy.</li>
</ol>
<h4>Playing here</h4>
<p>Highlighted hexes and buttons are your legal choices: click a hex with your members, then the
hex they move to.</p>`,
    fr: `
<p>De deux à quatre tribus préhistoriques se partagent une petite carte de forêts, de lacs et de
montagnes. Le premier à 15 points de victoire gagne aussitôt.</p>
<h4>Votre tour</h4>
<ol>
<li>Marquez un point par village que vous possédez.</li>
<li>Lancez vos deux dés (soleil, lune ou blanc). Un double fait apparaître un événement.</li>
<li>Utilisez chaque dé sur une action différente : posez-le en tête de la rangée de cette action ;
le dé poussé hors du bout passe au joueur suivant. Les trois dés de la rangée fixent la force : au
moins deux soleils donnent la version forte, au moins deux lunes une version spéciale, sinon la
version de base.
<ul><li><strong>Croître</strong> : ajoutez des membres là où vous êtes déjà.</li>
<li><strong>Déplacer</strong> : déplacez des membres vers des hexagones voisins.</li>
<li><strong>Récolter</strong> : prenez bois, nourriture ou pierre dans les hexagones occupés.</li>
<li><strong>Diriger</strong> : piochez des cartes objectif.</li></ul></li>
<li>Tout hexagone de plus de cinq membres connaît un conflit : chacun y perd des membres un par un
jusqu'à ce qu'il ne reste qu'une tribu (et au plus cinq membres).</li>
<li>Réalisez des objectifs (payez des ressources pour les développements, remplissez les
conditions des exploits) et bâtissez des villages sur des hexagones occupés.</li>
</ol>
<h4>Jouer ici</h4>
<p>Les hexagones et boutons en surbrillance sont vos choix légaux : cliquez un hexagone avec vos
membres, puis l'hexagone de destination.</p>`,
    es: `
<p>De dos a cuatro tribus prehistóricas comparten un pequeño mapa de bosques, lagos y montañas.
El primero en llegar a 15 puntos de victoria gana en el acto.</p>
<h4>Tu turno</h4>
<ol>
<li>Gana un punto por cada aldea tuya.</li>
<li>Tira tus dos dados (sol, luna o vacío). Un doble saca un evento.</li>
<li>Usa cada dado en una acción distinta: colócalo al principio de la fila de esa acción; el dado
que sale por el final pasa al siguiente jugador. Los tres dados de la fila deciden la fuerza: dos o
más soles dan la versión fuerte, dos o más lunas una especial, si no la básica.
<ul><li><strong>Crecer</strong>: añade miembros donde ya estás.</li>
<li><strong>Mover</strong>: mueve miembros a hexágonos vecinos.</li>
<li><strong>Recolectar</strong>: toma madera, comida o piedra de los hexágonos que ocupas.</li>
<li><strong>Liderar</strong>: roba cartas de objetivo.</li></ul></li>
<li>Todo hexágono con más de cinco miembros tiene un conflicto: cada tribu pierde miembros de uno en
uno hasta que solo queda una (y como mucho cinco).</li>
<li>Cumple objetivos (paga recursos por los desarrollos o cumple las condiciones de los logros) y
construye aldeas en hexágonos ocupados.</li>
</ol>
<h4>Jugar aquí</h4>
<p>Los hexágonos y botones resaltados son tus opciones legales: haz clic en un hexágono con tus
miembros y luego en el hexágono de destino.</p>`,
  },
};
