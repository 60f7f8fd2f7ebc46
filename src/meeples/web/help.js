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

  meeple_war: {
    en: `
<p>Two to four players, each with a walled village of four building spaces and a gate onto a
map of hexagonal territories that grows as meeples explore it.</p>
<h4>Your turn</h4>
<ol>
<li><strong>Territory bonus</strong>: structures where you stand with two or more meeples give
their bonus (assembly, deployment, forges, nature control).</li>
<li><strong>Workers</strong>: every worker steps forward one space along its building's path; at a
fork you choose the branch. A building under construction flips to its action side when its
worker reaches the end.</li>
<li><strong>Building actions</strong>: each worker standing on an action space triggers it: build,
assemble meeples into the depot, deploy them at the gate, reinforce, fly, frighten, bomb…</li>
<li><strong>Movement</strong>: meeples step to a side-adjacent territory (never through a forest
edge), into an unexplored space, or onto the defense spaces of an enemy building.</li>
<li><strong>Resolution</strong>: new territories are drawn and placed, battles remove meeples one
for one until one side is left, and a building whose defense spaces fill up is destroyed.</li>
</ol>
<h4>Winning</h4>
<p>Victory points come from destroyed enemy buildings (one per defense space), from bravery
(seven enemy meeples destroyed make one point) and from holding towers at the start of your turn.
The first player to reach 6 points during their turn ends the game; most points wins.</p>
<h4>Playing here</h4>
<p>Highlighted territories, worker branches and buttons are your legal choices; click a territory
with your meeples, then where they go.</p>`,
    fr: `
<p>De deux à quatre joueurs, chacun avec un village fortifié de quatre emplacements de bâtiment
et une porte ouvrant sur une carte de territoires hexagonaux qui s'agrandit quand les meeples
l'explorent.</p>
<h4>Votre tour</h4>
<ol>
<li><strong>Bonus de territoire</strong> : les structures où vous avez au moins deux meeples vous
donnent leur bonus (assemblage, déploiement, forges, contrôle de la nature).</li>
<li><strong>Ouvriers</strong> : chaque ouvrier avance d'une case sur le chemin de son bâtiment ; à
une bifurcation, vous choisissez la branche. Un bâtiment en construction se retourne quand son
ouvrier atteint la fin du chantier.</li>
<li><strong>Actions des bâtiments</strong> : chaque ouvrier posé sur une case d'action la déclenche :
construire, assembler des meeples à l’Entrepôt, les déployer à la porte, renforcer, voler, effrayer,
bombarder…</li>
<li><strong>Déplacement</strong> : les meeples passent à un territoire voisin par un côté (jamais à
travers une forêt), vers un espace inexploré ou sur les cases de défense d'un bâtiment ennemi.</li>
<li><strong>Résolution</strong> : les nouveaux territoires sont tirés et posés, les batailles
retirent les meeples un pour un jusqu'à ce qu'un seul camp reste, et un bâtiment dont les cases de
défense sont toutes occupées est détruit.</li>
</ol>
<h4>Victoire</h4>
<p>Les points viennent des bâtiments ennemis détruits (un par case de défense), de la bravoure (sept
meeples ennemis détruits font un point) et des tours tenues au début de votre tour. Le premier à 6
points pendant son tour termine la partie ; le plus de points gagne.</p>
<h4>Jouer ici</h4>
<p>Les territoires, branches d'ouvrier et boutons en surbrillance sont vos choix légaux ; cliquez
un territoire avec vos meeples, puis leur destination.</p>`,
    es: `
<p>De dos a cuatro jugadores, cada uno con una aldea amurallada de cuatro espacios de edificio y
una puerta que da a un mapa de territorios hexagonales que crece a medida que los meeples lo
exploran.</p>
<h4>Tu turno</h4>
<ol>
<li><strong>Bonificación de territorio</strong>: las estructuras donde tienes dos meeples o más te
dan su bonificación (ensamblaje, despliegue, forjas, control de la naturaleza).</li>
<li><strong>Trabajadores</strong>: cada trabajador avanza una casilla por el camino de su edificio;
en una bifurcación eliges la rama. Un edificio en construcción se voltea cuando su trabajador llega
al final de la obra.</li>
<li><strong>Acciones de edificios</strong>: cada trabajador en una casilla de acción la activa:
construir, ensamblar meeples en el depósito, desplegarlos en la puerta, reforzar, volar, asustar,
bombardear…</li>
<li><strong>Movimiento</strong>: los meeples pasan a un territorio vecino por un lado (nunca a
través de un bosque), a un espacio sin explorar o a las casillas de defensa de un edificio
enemigo.</li>
<li><strong>Resolución</strong>: se roban y colocan los territorios nuevos, las batallas retiran
meeples uno por uno hasta que queda un solo bando, y un edificio con todas sus casillas de defensa
ocupadas queda destruido.</li>
</ol>
<h4>Victoria</h4>
<p>Los puntos vienen de los edificios enemigos destruidos (uno por casilla de defensa), de la
valentía (siete meeples enemigos destruidos dan un punto) y de las torres que controlas al empezar
tu turno. El primero en llegar a 6 puntos durante su turno acaba la partida; gana quien más puntos
tenga.</p>
<h4>Jugar aquí</h4>
<p>Los territorios, ramas de trabajador y botones resaltados son tus opciones legales; haz clic en
un territorio con tus meeples y luego en su destino.</p>`,
  },
};
