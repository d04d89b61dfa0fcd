from tutor.cli.app import main

main()
