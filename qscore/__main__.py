from qscore.cli import main

main()
